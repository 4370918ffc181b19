import { beforeAll, describe, expect, it } from 'vitest';
import { NUL_MESSAGE } from '#domain/input-text';
import { createChecklist, type Owner, signInOwner } from '#tests/support/checklists';
import { testJpeg } from '#tests/support/photos';
import { setupTestApp } from '#tests/support/test-app';

/**
 * Issue 16, item 7: bad input is a 400 with a clear message, never a 500. PostgreSQL refuses U+0000 in
 * text, so a NUL anywhere in a request's body, query or path parameters is refused before any route
 * runs (domain/input-text.ts); malformed multipart is the client's fault too. fuzz-routes.test.ts
 * drives every route with generated input; these are the cases named in the issue, spelled out.
 */

const t = setupTestApp();
let owner: Owner;
let checklistId: string;
let taskId: string;

beforeAll(async () => {
  owner = await signInOwner(t.app);
  const checklist = await createChecklist(owner);
  checklistId = checklist.id;
  taskId = checklist.tasks[0]?.id as string;
});

function expectRefused(
  response: { statusCode: number; json(): unknown },
  status = 400,
  code = 'validation_failed',
) {
  expect(response.statusCode).toBe(status);
  const body = response.json() as { error: { code: string; message: string } };
  expect(body.error.code).toBe(code);
  expect(body.error.message.length).toBeGreaterThan(0);
  return body.error;
}

describe('NUL (U+0000) anywhere in a request is a 400', () => {
  it.each([
    ['an id in the path', () => ['GET', `/api/checklists/${checklistId}%00`] as const],
    ['a task id in the path', () => ['PATCH', `/api/checklists/${checklistId}/tasks/%00`] as const],
    ['the submit path', () => ['POST', '/api/checklists/%00/submit'] as const],
  ])('%s', async (_label, request) => {
    const [method, url] = request();
    const response = await owner.call(method, url, method === 'GET' ? undefined : { completed: true });
    expect(expectRefused(response).message).toBe(NUL_MESSAGE);
  });

  it('a checklist name, a task description and remarks', async () => {
    const create = await owner.call('POST', '/api/checklists', {
      name: 'Night\u0000shift',
      tasks: [{ description: 'Mop', photoRequired: false }],
    });
    expect(expectRefused(create).message).toBe(NUL_MESSAGE);
    const task = await owner.call('POST', '/api/checklists', {
      name: 'Night shift',
      tasks: [{ description: 'Mop\u0000', photoRequired: false }],
    });
    expect(expectRefused(task).message).toBe(NUL_MESSAGE);
    const remarks = await owner.call('PATCH', `/api/checklists/${checklistId}`, { remarks: 'ok\u0000' });
    expect(expectRefused(remarks).message).toBe(NUL_MESSAGE);
  });

  it('a key of the body, a query value and the sign-in form', async () => {
    const key = await owner.call('PATCH', `/api/checklists/${checklistId}`, { 're\u0000marks': 'x' });
    expect(expectRefused(key).message).toBe(NUL_MESSAGE);
    const query = await owner.call('GET', `/api/checklists?userId=${owner.uid}%00`);
    expect(expectRefused(query).message).toBe(NUL_MESSAGE);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/dev/login',
      payload: { email: 'nul@example.com', displayName: 'A\u0000B' },
    });
    expect(expectRefused(login).message).toBe(NUL_MESSAGE);
  });
});

describe('malformed multipart is a 4xx in the error shape', () => {
  const url = () => `/api/checklists/${checklistId}/tasks/${taskId}/photo`;
  const send = (body: Buffer | string, contentType: string) =>
    t.app.inject({
      method: 'POST',
      url: url(),
      headers: { cookie: owner.cookie, 'content-type': contentType },
      payload: body,
    });
  const part = (name: string, bytes: Buffer, boundary = 'B0undary') =>
    Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
      ),
      bytes,
      Buffer.from('\r\n'),
    ]);
  const end = (boundary = 'B0undary') => Buffer.from(`--${boundary}--\r\n`);

  it('a truncated body', async () => {
    const whole = Buffer.concat([part('photo', await testJpeg(200, 150)), end()]);
    const response = await send(whole.subarray(0, 120), 'multipart/form-data; boundary=B0undary');
    expectRefused(response);
  });

  it('a boundary other than the declared one, and none declared', async () => {
    const body = Buffer.concat([part('photo', await testJpeg(200, 150), 'Other'), end('Other')]);
    expectRefused(await send(body, 'multipart/form-data; boundary=B0undary'));
    expectRefused(await send(body, 'multipart/form-data'));
  });

  it('no photo field, and several files', async () => {
    const jpeg = await testJpeg(200, 150);
    expectRefused(
      await send(Buffer.concat([part('file', jpeg), end()]), 'multipart/form-data; boundary=B0undary'),
    );
    const several = Buffer.concat([part('photo', jpeg), part('photo', jpeg), end()]);
    const response = await send(several, 'multipart/form-data; boundary=B0undary');
    expect(response.statusCode).toBeLessThan(500);
  });

  it('an empty body', async () => {
    expectRefused(await send('', 'multipart/form-data; boundary=B0undary'));
  });
});

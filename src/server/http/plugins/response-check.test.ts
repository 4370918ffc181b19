import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type ResponseMismatch, registerResponseCheck, revisionHeaderProblem } from './response-check.ts';
import { type Answers, answers, htmlPage, noBody, orJsonText, registerAnswers } from './responses.ts';

/** The tests' check of every answer, on an app of its own: what it lets through and what it reports. */

const Thing = z.strictObject({ id: z.string(), count: z.number().int() });

let app: FastifyInstance;
let reported: ResponseMismatch[];

async function appAnswering(
  response: Answers,
  handler: (reply: FastifyReply) => unknown,
): Promise<FastifyInstance> {
  reported = [];
  app = Fastify({ logger: false });
  registerAnswers(app);
  registerResponseCheck(app, (mismatch) => reported.push(mismatch));
  app.get('/thing', { schema: { response } }, async (_request, reply) => handler(reply));
  app.get('/undeclared', async () => ({ id: 'x' }));
  await app.ready();
  return app;
}

afterEach(async () => {
  await app?.close();
});

describe('the answer check', () => {
  it('lets through what the route declares: JSON, JSON it sends as text, no body, a page', async () => {
    await appAnswering(answers({ 200: Thing }), () => ({ id: 'a', count: 1 }));
    expect((await app.inject('/thing')).json()).toEqual({ id: 'a', count: 1 });
    await app.close();

    await appAnswering(answers({ 200: orJsonText(Thing) }), (reply) =>
      reply.type('application/json; charset=utf-8').send('{"id":"a","count":2}'),
    );
    expect((await app.inject('/thing')).json()).toEqual({ id: 'a', count: 2 });
    await app.close();

    await appAnswering(answers({ 204: noBody('Gone') }), (reply) => reply.status(204).send());
    expect((await app.inject('/thing')).statusCode).toBe(204);
    await app.close();

    await appAnswering(answers({ 200: htmlPage('A page') }), (reply) =>
      reply.type('text/html; charset=utf-8').send('<p>Hi</p>'),
    );
    expect((await app.inject('/thing')).body).toBe('<p>Hi</p>');
    expect(reported).toEqual([]);
  });

  it('reports a field the schema lacks and answers 500', async () => {
    await appAnswering(answers({ 200: Thing }), () => ({ id: 'a', count: 1, secret: 'x' }));
    const response = await app.inject('/thing');
    expect(response.statusCode).toBe(500);
    expect(reported).toHaveLength(1);
    expect(reported[0]).toMatchObject({ method: 'GET', route: '/thing', status: 200 });
    expect(reported[0]?.problem).toContain('Unrecognized key: "secret"');
  });

  it('reports JSON sent as text that does not match', async () => {
    await appAnswering(answers({ 200: orJsonText(Thing) }), (reply) =>
      reply.type('application/json; charset=utf-8').send('{"id":"a","count":"2"}'),
    );
    expect((await app.inject('/thing')).statusCode).toBe(500);
    expect(reported[0]?.problem).toContain('count');
  });

  it('reports an undeclared status, a body where none is declared, and another media type', async () => {
    await appAnswering(answers({ 200: Thing }), (reply) => reply.status(202).send({ id: 'a', count: 1 }));
    await app.inject('/thing');
    expect(reported[0]?.problem).toBe('this status is not declared');
    await app.close();

    await appAnswering(answers({ 204: noBody('Gone') }), (reply) => reply.status(204).send('oops'));
    await app.inject('/thing');
    expect(reported[0]?.problem).toBe('a body where none is declared');
    await app.close();

    await appAnswering(answers({ 200: Thing }), (reply) =>
      reply.type('text/plain').send('{"id":"a","count":1}'),
    );
    await app.inject('/thing');
    expect(reported[0]?.problem).toBe("media type 'text/plain' where JSON is declared");
  });

  it('reports a route that declares nothing', async () => {
    await appAnswering(answers({ 200: Thing }), () => ({ id: 'a', count: 1 }));
    await app.inject('/undeclared');
    expect(reported[0]).toMatchObject({ route: '/undeclared', problem: 'the route declares no answers' });
  });

  it('completes a route with the errors of its kind', async () => {
    reported = [];
    app = Fastify({ logger: false });
    app.setValidatorCompiler(validatorCompiler);
    registerAnswers(app);
    const write = { body: Thing, response: answers({ 201: Thing }, ['not_found']) };
    const limited = { response: answers({ 200: Thing }) };
    app.post('/write', { schema: write, config: { idempotent: 'body' } }, async () => null);
    app.get('/limited', { schema: limited, config: { rateLimit: { max: 1 } } }, async () => null);
    await app.ready();
    // 503 everywhere: the database could not be reached (http/plugins/errors.ts). 408: the body came
    // too slowly (request-timeouts.ts).
    expect(Object.keys(write.response).sort()).toEqual(
      ['201', '400', '403', '404', '408', '409', '413', '415', '422', '500', '503'].sort(),
    );
    // 503 also when the shared rate-limit store could not answer (docs/decisions/0020).
    expect(Object.keys(limited.response).sort()).toEqual(['200', '429', '500', '503']);
  });

  it('declares no 503 on a route that never touches the database', async () => {
    app = Fastify({ logger: false });
    registerAnswers(app);
    const liveness = { response: answers({ 200: Thing }) };
    app.get('/alive', { schema: liveness, config: { withoutDatabase: true } }, async () => null);
    await app.ready();
    expect(Object.keys(liveness.response).sort()).toEqual(['200', '500']);
  });
});

describe('the X-Checklist-Revision check', () => {
  it('asks it of every success of a route that declares it, but a replay, and of no other answer', () => {
    const ok = { revision: '12', replayed: undefined };
    expect(revisionHeaderProblem(true, 200, ok)).toBeNull();
    expect(revisionHeaderProblem(true, 200, { revision: undefined, replayed: undefined })).toMatch(/missing/);
    expect(revisionHeaderProblem(true, 200, { revision: 'twelve', replayed: undefined })).toMatch(/missing/);
    expect(revisionHeaderProblem(true, 200, { revision: undefined, replayed: 'true' })).toBeNull();
    expect(revisionHeaderProblem(true, 404, { revision: undefined, replayed: undefined })).toBeNull();
    expect(revisionHeaderProblem(true, 404, ok)).toMatch(/not declared/);
    expect(revisionHeaderProblem(false, 200, ok)).toMatch(/not declared/);
    expect(revisionHeaderProblem(false, 200, { revision: undefined, replayed: undefined })).toBeNull();
  });
});

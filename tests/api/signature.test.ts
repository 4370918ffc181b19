import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Checklist } from '#domain/checklist';
import { SIGNATURE_LIMITS, SIGNATURE_MESSAGES } from '#domain/signature';
import { createChecklist, errorOf, getChecklist, signInOwner } from '#tests/support/checklists';
import { attachedData, pdfText } from '#tests/support/report-files';
import { recipientBrowser, share, verified, verifiedRecipientOf } from '#tests/support/sharing';
import { setupTestApp } from '#tests/support/test-app';

const t = setupTestApp();

/** A plausible finger signature: two strokes of a few points in a 320 × 160 box. */
const DRAWN = {
  kind: 'drawn',
  name: 'Jane Doe',
  width: 320,
  height: 160,
  strokes: [
    [
      [20, 120],
      [40, 60],
      [60, 110],
      [80, 50],
      [100, 115],
    ],
    [
      [140, 90],
      [200, 88.5],
      [260, 92],
    ],
  ],
} as const;

async function requiringChecklist() {
  const found = await verifiedRecipientOf(t.app, 2);
  const patched = await found.owner.call('PATCH', `/api/checklists/${found.checklist.id}`, {
    requireSignature: true,
  });
  expect(patched.statusCode).toBe(200);
  expect(patched.json().requireSignature).toBe(true);
  return found;
}

function submitPath(checklist: Checklist) {
  return `/api/checklists/${checklist.id}/submit`;
}

describe('a signature at submit', () => {
  it('is required when the owner asks for one: a submit without it is 400 signature_required', async () => {
    const { owner, checklist, browser } = await requiringChecklist();
    const response = await browser.call('POST', submitPath(checklist), { remarks: 'Done' });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toMatchObject({
      code: 'signature_required',
      message: SIGNATURE_MESSAGES.required,
    });
    // Nothing was submitted.
    expect((await getChecklist(owner, checklist.id)).submittedAt).toBeNull();
  });

  it('takes a drawn signature from the recipient, shows who signed in the answer, keeps the strokes', async () => {
    const { owner, checklist, browser } = await requiringChecklist();
    const response = await browser.call('POST', submitPath(checklist), { signature: DRAWN });
    expect(response.statusCode).toBe(200);
    const submitted = response.json() as Checklist;
    expect(submitted.submittedAt).not.toBeNull();
    expect(submitted.signature).toEqual({
      kind: 'drawn',
      signerName: 'Jane Doe',
      signedAt: submitted.submittedAt,
    });

    const read = await getChecklist(owner, checklist.id);
    expect(read.requireSignature).toBe(true);
    expect(read.signature).toEqual(submitted.signature);
    const detail = await owner.call('GET', `/api/checklists/${checklist.id}/signature`);
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toEqual({
      ...submitted.signature,
      drawing: { width: 320, height: 160, strokes: DRAWN.strokes },
    });
    // The recipient may see what they signed.
    expect((await browser.call('GET', `/api/checklists/${checklist.id}/signature`)).statusCode).toBe(200);
  });

  it('takes a typed name from the owner, and the latest signature is the one shown', async () => {
    const { owner, checklist, browser } = await requiringChecklist();
    expect((await browser.call('POST', submitPath(checklist), { signature: DRAWN })).statusCode).toBe(200);
    // Reopened by an untick, then submitted again by the owner, signing with a typed name.
    const [first] = checklist.tasks;
    await owner.call('PATCH', `/api/checklists/${checklist.id}/tasks/${first?.id}`, { completed: true });
    await owner.call('PATCH', `/api/checklists/${checklist.id}/tasks/${first?.id}`, { completed: false });
    const response = await owner.call('POST', submitPath(checklist), {
      signature: { kind: 'typed', name: '  Ana Host  ' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().signature).toMatchObject({ kind: 'typed', signerName: 'Ana Host' });
    const detail = await owner.call('GET', `/api/checklists/${checklist.id}/signature`);
    expect(detail.json()).toMatchObject({ kind: 'typed', signerName: 'Ana Host', drawing: null });
  });

  it('is not needed when the checklist does not require one', async () => {
    const { owner, checklist, browser } = await verifiedRecipientOf(t.app, 1);
    expect(checklist.requireSignature).toBe(false);
    expect(checklist.signature).toBeNull();
    const response = await browser.call('POST', submitPath(checklist), {});
    expect(response.statusCode).toBe(200);
    expect(response.json().signature).toBeNull();
    expect((await owner.call('GET', `/api/checklists/${checklist.id}/signature`)).statusCode).toBe(404);
  });

  it.each([
    ['a wrong kind', { kind: 'stamp', name: 'Jane' }, 'signature.kind'],
    ['no name', { kind: 'typed', name: '   ' }, 'signature.name'],
    ['an overlong name', { kind: 'typed', name: 'J'.repeat(SIGNATURE_LIMITS.nameMax + 1) }, 'signature.name'],
    ['no strokes', { ...DRAWN, strokes: [] }, 'signature.strokes'],
    ['an empty stroke', { ...DRAWN, strokes: [[]] }, 'signature.strokes.0'],
    ['too little ink', { ...DRAWN, strokes: [[[10, 10]]] }, 'signature.strokes'],
    [
      'a point outside the box',
      { ...DRAWN, strokes: [[...DRAWN.strokes[0], [321, 20]]] },
      'signature.strokes',
    ],
    ['a negative point', { ...DRAWN, strokes: [[...DRAWN.strokes[0], [-1, 20]]] }, 'signature.strokes.0.5.0'],
    [
      'too many points in a stroke',
      { ...DRAWN, strokes: [Array.from({ length: SIGNATURE_LIMITS.pointsPerStrokeMax + 1 }, () => [5, 5])] },
      'signature.strokes.0',
    ],
    [
      'too many points',
      {
        ...DRAWN,
        strokes: Array.from({ length: 6 }, () =>
          Array.from({ length: SIGNATURE_LIMITS.pointsPerStrokeMax }, () => [5, 5]),
        ),
      },
      'signature.strokes',
    ],
    ['a box too large', { ...DRAWN, width: SIGNATURE_LIMITS.boxMax + 1 }, 'signature.width'],
    [
      'a point that is not a pair',
      { ...DRAWN, strokes: [[[1, 2, 3], ...DRAWN.strokes[0]]] },
      'signature.strokes.0.0',
    ],
  ])('refuses %s with 400 validation_failed naming the field', async (_, signature, field) => {
    const { owner, checklist, browser } = await requiringChecklist();
    const response = await browser.call('POST', submitPath(checklist), { signature });
    expect(response.statusCode).toBe(400);
    const error = errorOf(response);
    expect(error.code).toBe('validation_failed');
    expect(typeof error.message).toBe('string');
    const paths = (error.issues as { path: string; message: string }[]).map((issue) => issue.path);
    expect(paths).toContain(field);
    expect((await getChecklist(owner, checklist.id)).submittedAt).toBeNull();
  });

  it("is the team's to require: a recipient cannot change requireSignature", async () => {
    const { owner, checklist, browser } = await requiringChecklist();
    const refused = await browser.call('PATCH', `/api/checklists/${checklist.id}`, {
      requireSignature: false,
    });
    expect(refused.statusCode).toBe(404);
    expect((await getChecklist(owner, checklist.id)).requireSignature).toBe(true);
    const other = await signInOwner(t.app, 'other');
    const foreign = await other.call('PATCH', `/api/checklists/${checklist.id}`, { requireSignature: false });
    expect(foreign.statusCode).toBe(404);
  });

  it('is set by the editor (POST and PUT) and kept by a PUT that leaves it out, and by a copy', async () => {
    const owner = await signInOwner(t.app);
    const created = await createChecklist(owner, { requireSignature: true }, 1);
    expect(created.requireSignature).toBe(true);
    const put = await owner.call('PUT', `/api/checklists/${created.id}`, {
      name: 'Renamed',
      tasks: created.tasks.map(({ id, description }) => ({ id, description })),
      version: created.version,
    });
    expect(put.json().requireSignature).toBe(true);
    const off = await owner.call('PUT', `/api/checklists/${created.id}`, {
      name: 'Renamed',
      tasks: created.tasks.map(({ id, description }) => ({ id, description })),
      version: put.json().version,
      requireSignature: false,
    });
    expect(off.json().requireSignature).toBe(false);
    const required = await createChecklist(owner, { requireSignature: true }, 1);
    const copy = await owner.call('POST', `/api/checklists/${required.id}/duplicate`, {});
    expect(copy.json().requireSignature).toBe(true);
  });

  it('goes into the report: its section, and the hashed data holds the strokes', async () => {
    const { owner, checklist, browser } = await requiringChecklist();
    expect((await browser.call('POST', submitPath(checklist), { signature: DRAWN })).statusCode).toBe(200);
    const response = await owner.call('GET', `/api/checklists/${checklist.id}/report.pdf`);
    expect(response.statusCode).toBe(200);
    const text = pdfText(response.rawPayload);
    expect(text).toContain('Signature');
    expect(text).toContain('Signed by Jane Doe');
    expect(text).toContain('Drawn by hand on the device');
    const data = attachedData(response.rawPayload);
    expect(createHash('sha256').update(data).digest('hex')).toBe(response.headers['x-report-sha256']);
    const parsed = JSON.parse(data.toString('utf8'));
    expect(parsed.signature).toMatchObject({
      kind: 'drawn',
      signerName: 'Jane Doe',
      drawing: { width: 320, height: 160, strokes: DRAWN.strokes },
    });
  });

  it('prints a typed name marked as typed in the report', async () => {
    const owner = await signInOwner(t.app);
    const checklist = await createChecklist(owner, { requireSignature: true }, 1);
    const sent = await share(owner, checklist.id);
    const browser = recipientBrowser(t.app);
    await verified(browser, sent);
    const signature = { kind: 'typed', name: 'Zoë Łukasik' };
    expect((await browser.call('POST', submitPath(checklist), { signature })).statusCode).toBe(200);
    const text = pdfText((await owner.call('GET', `/api/checklists/${checklist.id}/report.pdf`)).rawPayload);
    expect(text).toContain('Signed by Zoë Łukasik');
    expect(text).toContain('typed');
    expect(text).toContain('Name typed instead of drawn');
  });
});

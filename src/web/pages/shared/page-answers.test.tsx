import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SHARED_ANSWERS_ELEMENT_ID } from '#domain/sharing';

/** The page's answers are read from the JSON block the server wrote (each test: a fresh module). */
async function pageWith(text: string) {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = SHARED_ANSWERS_ELEMENT_ID;
  block.textContent = text;
  document.body.append(block);
  vi.resetModules();
  return import('./page-answers.ts');
}

/**
 * The app's query client (its structural sharing keeps revisions: lib/copy-revisions.ts), and what it
 * knows of the cached copies' revisions, from the same fresh modules as `pageWith`'s.
 */
async function appCache() {
  const { createQueryClient } = await import('../../lib/query-client.ts');
  const { cachedRevision } = await import('../../lib/copy-revisions.ts');
  const client = createQueryClient();
  return { client, revision: () => cachedRevision(client, CHECKLIST_KEY) };
}

afterEach(() => document.getElementById(SHARED_ANSWERS_ELEMENT_ID)?.remove());

const STATUS = {
  verified: true,
  expired: false,
  recipientId: 'recipient_1',
  checklistId: 'checklist_1',
  targetLanguage: 'es',
  recipientName: null,
  maskedEmail: 'j•••e@example.com',
  maskedPhone: null,
  maskedContact: 'j•••e@example.com',
};
const CHECKLIST = {
  success: true,
  checklist: { id: 'checklist_1', name: '</script> \u2028' },
  translated: false,
};
// As the server escapes it (src/server/html.ts jsonTextForHtml).
const blockOf = (answers: Record<string, unknown>) =>
  JSON.stringify({ token: 'tok', language: 'es', status: STATUS, checklist: CHECKLIST, ...answers })
    .replaceAll('<', '\\u003c')
    .replaceAll('\u2028', '\\u2028');
const BLOCK = blockOf({ revision: 7 });
const CHECKLIST_KEY = ['/api/shared/checklist', 'tok', 'es'];

describe('the answers in the page', () => {
  it('are read once, for their own link, into the query cache as the queries keep them', async () => {
    const { pageAnswers, takePageAnswers, pageAnswersUsed } = await pageWith(BLOCK);
    expect(pageAnswers('another')).toBeNull();
    expect(pageAnswers('tok')?.checklist.checklist.name).toBe('</script> \u2028');
    const client = new QueryClient();
    expect(takePageAnswers(client, 'tok')).toBe(true);
    expect(client.getQueryData(['/api/verification/status', 'tok'])).toEqual(STATUS);
    expect(client.getQueryData(CHECKLIST_KEY)).toMatchObject(CHECKLIST);
    // Taken: a later visit of the page in this tab asks the server.
    pageAnswersUsed();
    expect(pageAnswers('tok')).toBeNull();
    expect(takePageAnswers(new QueryClient(), 'tok')).toBe(false);
  });

  it("seed the copy's revision with the one the server named, so 'subscribed' at it reads nothing", async () => {
    const { takePageAnswers } = await pageWith(BLOCK);
    const { client, revision } = await appCache();
    expect(takePageAnswers(client, 'tok')).toBe(true);
    expect(revision()).toBe(7);
  });

  it('leave the revision unknown when the block names none, or not a whole number', async () => {
    for (const answers of [{}, { revision: '7' }, { revision: -1 }, { revision: 1.5 }, { revision: null }]) {
      document.getElementById(SHARED_ANSWERS_ELEMENT_ID)?.remove();
      const { takePageAnswers } = await pageWith(blockOf(answers));
      const { client, revision } = await appCache();
      expect(takePageAnswers(client, 'tok'), JSON.stringify(answers)).toBe(true);
      expect(revision(), JSON.stringify(answers)).toBeUndefined();
    }
  });

  it('are none when the block is not there, not JSON, or not a verified answer', async () => {
    vi.resetModules();
    expect((await import('./page-answers.ts')).pageAnswers('tok')).toBeNull();
    expect((await pageWith('{not json')).pageAnswers('tok')).toBeNull();
    document.getElementById(SHARED_ANSWERS_ELEMENT_ID)?.remove();
    const unverified = JSON.stringify({ token: 'tok', status: { verified: false, expired: true } });
    expect((await pageWith(unverified)).pageAnswers('tok')).toBeNull();
  });
});

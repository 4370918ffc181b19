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
const BLOCK = JSON.stringify({ token: 'tok', language: 'es', status: STATUS, checklist: CHECKLIST })
  .replaceAll('<', '\\u003c')
  .replaceAll('\u2028', '\\u2028');

describe('the answers in the page', () => {
  it('are read once, for their own link, into the query cache as the queries keep them', async () => {
    const { pageAnswers, takePageAnswers, pageAnswersUsed } = await pageWith(BLOCK);
    expect(pageAnswers('another')).toBeNull();
    expect(pageAnswers('tok')?.checklist.checklist.name).toBe('</script> \u2028');
    const client = new QueryClient();
    expect(takePageAnswers(client, 'tok')).toBe(true);
    expect(client.getQueryData(['/api/verification/status', 'tok'])).toEqual(STATUS);
    expect(client.getQueryData(['/api/shared/checklist', 'tok', 'es'])).toMatchObject(CHECKLIST);
    // Taken: a later visit of the page in this tab asks the server.
    pageAnswersUsed();
    expect(pageAnswers('tok')).toBeNull();
    expect(takePageAnswers(new QueryClient(), 'tok')).toBe(false);
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

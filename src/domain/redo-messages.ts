import { DEFAULT_LANGUAGE, isLanguageCode } from './languages.ts';
import { REDO_CATALOGS } from './share-messages/redo.ts';
import { type ShareNoticeInput, shareNoticeEmail, shareNoticeSms } from './share-notice-messages.ts';

/**
 * The message a recipient gets when the team sends tasks of their submitted checklist back to be done
 * again (issue 34): through the share's channel, in the share's language, with the share's link (the
 * same page, where each task sent back shows the team's note in the recipient's language).
 */

export type RedoMessageInput = ShareNoticeInput;

const wordsOf = (input: RedoMessageInput) =>
  REDO_CATALOGS[isLanguageCode(input.language) ? input.language : DEFAULT_LANGUAGE];

export function buildRedoEmail(input: RedoMessageInput): { subject: string; text: string; html: string } {
  const words = wordsOf(input);
  return shareNoticeEmail(input, { subject: words.subject, sentence: words.sentBack });
}

export function buildRedoSms(input: RedoMessageInput): { body: string } {
  return shareNoticeSms(input, wordsOf(input).sms);
}

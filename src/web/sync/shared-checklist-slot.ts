import type { LanguageCode } from '#domain/languages';
import type { SharedChecklistResponse } from '#domain/sharing';
import { uiLanguage } from '../i18n/i18n.tsx';
import type { ChecklistQuerySlot } from './checklist-slot.ts';

/**
 * A recipient's data in the query cache (docs/api.md "Sharing"). Their keys are not the owner's: a
 * recipient's copy of a checklist is the share's answer, cached by the share's token.
 */
export const sharedKeys = {
  status: (token: string) => ['/api/verification/status', token] as const,
  /** Every language's copy of a share (to reset or remove them together). */
  checklists: (token: string) => ['/api/shared/checklist', token] as const,
  /** The copy in one language: the page's, unless said. */
  checklist: (token: string, language: LanguageCode = uiLanguage()) =>
    ['/api/shared/checklist', token, language] as const,
};

/**
 * The recipient's checklist inside the share's cached answer; nothing of the owner's cache is touched.
 * The answer is kept as written, its translations beside it (pages/shared/shared-translation.ts): a
 * change replaces the checklist and keeps the rest.
 */
export function sharedChecklistSlot(
  token: string,
  checklistId: string,
  language: LanguageCode = uiLanguage(),
): ChecklistQuerySlot {
  const key = sharedKeys.checklist(token, language);
  return {
    checklistId,
    key,
    context: { kind: 'share', token },
    read: (queryClient) => queryClient.getQueryData<SharedChecklistResponse>(key)?.checklist,
    write: (queryClient, change) =>
      queryClient.setQueryData<SharedChecklistResponse>(
        key,
        (old) => old && { ...old, checklist: change(old.checklist) },
      ),
    refreshRelated: () => Promise.resolve(),
  };
}

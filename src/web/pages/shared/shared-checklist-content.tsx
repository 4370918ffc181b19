import { Languages, ShieldCheck } from 'lucide-react';
import { useMemo } from 'react';
import { LANGUAGES, type LanguageCode } from '#domain/languages';
import { SHARE_MESSAGES, type SharedChecklistResponse } from '#domain/sharing';
import { ChecklistView } from '../checklist/checklist-view.tsx';
import { sharedChecklistCache } from './use-share-access.ts';

function languageName(code: LanguageCode): string {
  return LANGUAGES.find((language) => language.code === code)?.name ?? code;
}

/**
 * A verified recipient's checklist: the 'Verified Access' banner, the translation banner when the
 * texts really were translated, then the owner's checklist view working on the share's copy.
 * Loaded after the code dialog (it brings the checklist rules and the photo and confirm dialogs).
 */
export default function SharedChecklistContent({
  token,
  shared,
  language,
}: {
  token: string;
  shared: SharedChecklistResponse;
  /** The language the link asked for (`lang`), else the share's own. */
  language: LanguageCode;
}) {
  const checklistId = shared.checklist.id;
  const cache = useMemo(() => sharedChecklistCache(token, checklistId), [token, checklistId]);
  return (
    <>
      <div className="space-y-2">
        <section
          aria-labelledby="verified-access-title"
          className="flex items-start gap-3 rounded-xl border border-green-200 bg-green-50 px-3 py-2.5 text-green-900 sm:px-4"
          data-testid="verified-access"
        >
          <ShieldCheck className="mt-0.5 h-5 w-5 shrink-0 text-green-700" aria-hidden="true" />
          <div className="min-w-0 text-sm">
            <h2 id="verified-access-title" className="font-semibold">
              {SHARE_MESSAGES.verifiedTitle}
            </h2>
            <p className="break-words">
              {SHARE_MESSAGES.verifiedText}
              {shared.maskedContact ? ` via ${shared.maskedContact}` : ''}
            </p>
          </div>
        </section>
        {shared.translated ? (
          <section
            aria-labelledby="translated-title"
            className="flex items-start gap-3 rounded-xl border border-blue-200 bg-blue-50 px-3 py-2.5 text-blue-900 sm:px-4"
            data-testid="auto-translated"
          >
            <Languages className="mt-0.5 h-5 w-5 shrink-0 text-blue-700" aria-hidden="true" />
            <div className="min-w-0 text-sm">
              <h2 id="translated-title" className="font-semibold">
                {SHARE_MESSAGES.translatedTitle}
              </h2>
              <p>This checklist was machine-translated into {languageName(shared.targetLanguage)}.</p>
            </div>
          </section>
        ) : (
          language !== 'en' && (
            <p className="px-1 text-sm text-slate-600" data-testid="not-translated">
              Translation into {languageName(language)} is not available yet, so the checklist is shown as the
              sender wrote it.
            </p>
          )
        )}
      </div>
      <ChecklistView
        checklist={shared.checklist}
        cache={cache}
        byline={shared.ownerName ? `Shared by ${shared.ownerName}` : undefined}
      />
    </>
  );
}

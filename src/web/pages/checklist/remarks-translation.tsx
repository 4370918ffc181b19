import { useQuery } from '@tanstack/react-query';
import { Languages } from 'lucide-react';
import { useState } from 'react';
import { languageName } from '#domain/languages';
import type { RemarksTranslationResponse } from '#domain/translation';
import { REMARKS_TRANSLATION_KEY, useOwnerLanguage } from '../../hooks/use-owner-language.ts';
import { apiRequest } from '../../lib/api.ts';

export const REMARKS_TRANSLATION_MESSAGES = {
  translatedFrom: (language: string) => `Translated from ${language}`,
  showOriginal: 'Show original',
  showTranslation: 'Show translation',
  pending: (language: string) => `The recipient wrote in ${language}. Translating…`,
  unavailable: (language: string) =>
    `The recipient wrote in ${language}. No automatic translation is available for it.`,
  failed: (language: string) =>
    `The recipient wrote in ${language}. Translation isn't available right now; it is tried again shortly.`,
} as const;

/** While a translation is under way the server is asked again this often. */
const PENDING_REFETCH_MS = 2000;

/**
 * For the owner: remarks a recipient wrote in another language, translated into the owner's, with
 * 'Show original'. Nothing when the remarks are empty or already in the owner's language. The field
 * above keeps the remarks as written; this reads them.
 */
export function RemarksTranslation({ checklistId, remarks }: { checklistId: string; remarks: string }) {
  const { language } = useOwnerLanguage();
  const [showOriginal, setShowOriginal] = useState(false);
  const hasRemarks = remarks.trim() !== '';
  const answer = useQuery({
    // The remarks are in the key: an edit from either side asks again (the cache answers repeats).
    queryKey: [...REMARKS_TRANSLATION_KEY, checklistId, language, remarks],
    queryFn: ({ signal }) =>
      apiRequest<RemarksTranslationResponse>(
        'GET',
        `/api/checklists/${encodeURIComponent(checklistId)}/remarks?lang=${language}`,
        undefined,
        { signal },
      ),
    enabled: hasRemarks,
    staleTime: 60_000,
    refetchInterval: (query) =>
      query.state.data?.translationNote === 'pending' ? PENDING_REFETCH_MS : false,
    retry: false,
  });
  const data = answer.data;
  if (!hasRemarks || !data || data.language === language) return null;
  // The answer may describe remarks older than those on screen (a newer edit is being asked about).
  if (data.remarks !== remarks) return null;
  const from = languageName(data.language);

  if (!data.translated) {
    const note = data.translationNote ?? 'unavailable';
    return (
      <p
        className="mt-2 flex items-start gap-2 text-sm text-slate-600"
        data-testid="remarks-translation"
        role="status"
      >
        <Languages className="mt-0.5 h-4 w-4 shrink-0 text-slate-500" aria-hidden="true" />
        {REMARKS_TRANSLATION_MESSAGES[note](from)}
      </p>
    );
  }

  return (
    <section
      className="mt-3 rounded-lg border border-blue-200 bg-blue-50 px-4 py-3"
      aria-label={REMARKS_TRANSLATION_MESSAGES.translatedFrom(from)}
      data-testid="remarks-translation"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="flex items-center gap-2 text-sm font-medium text-blue-900">
          <Languages className="h-4 w-4" aria-hidden="true" />
          {REMARKS_TRANSLATION_MESSAGES.translatedFrom(from)}
        </p>
        <button
          type="button"
          onClick={() => setShowOriginal((shown) => !shown)}
          aria-pressed={showOriginal}
          className="rounded text-sm font-medium text-blue-800 underline underline-offset-2 hover:text-blue-900 focus-visible:outline-2 focus-visible:outline-indigo-600"
        >
          {showOriginal
            ? REMARKS_TRANSLATION_MESSAGES.showTranslation
            : REMARKS_TRANSLATION_MESSAGES.showOriginal}
        </button>
      </div>
      <p
        className="mt-2 whitespace-pre-wrap text-sm leading-relaxed text-slate-900"
        lang={showOriginal ? data.language : data.textLanguage}
        dir="auto"
      >
        {showOriginal ? data.remarks : data.text}
      </p>
    </section>
  );
}

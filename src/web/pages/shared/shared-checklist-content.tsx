import { useQueryClient } from '@tanstack/react-query';
import { Languages, type LucideIcon, ShieldCheck } from 'lucide-react';
import { memo, type ReactNode, useId, useMemo, useState } from 'react';
import type { Checklist } from '#domain/checklist';
import type { LanguageCode } from '#domain/languages';
import { ConnectionStatus } from '../../components/connection-status.tsx';
import { useLiveChecklist } from '../../hooks/use-live-updates.ts';
import { richText, useT } from '../../i18n/i18n.tsx';
import { cn } from '../../lib/cn.ts';
import { sharedChecklistSlot, sharedKeys } from '../../sync/index.ts';
import { ChecklistView } from '../checklist/checklist-view.tsx';
import { type SharedCopy, translatedChecklist, translatedRemarks } from './shared-translation.ts';

const TONES = {
  green: { box: 'border-green-200 bg-green-50 text-green-900', icon: 'text-green-700' },
  blue: { box: 'border-blue-200 bg-blue-50 text-blue-900', icon: 'text-blue-700' },
} as const;

/** A titled banner above the checklist ('Verified Access', 'Auto-Translated'). */
function Banner({
  tone,
  icon: Icon,
  title,
  testId,
  children,
}: {
  tone: keyof typeof TONES;
  icon: LucideIcon;
  title: string;
  testId: string;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <section
      aria-labelledby={titleId}
      className={cn('flex items-start gap-3 rounded-xl border px-3 py-2.5 sm:px-4', TONES[tone].box)}
      data-testid={testId}
    >
      <Icon className={cn('mt-0.5 h-5 w-5 shrink-0', TONES[tone].icon)} aria-hidden="true" />
      <div className="min-w-0 flex-1 text-sm">
        <h2 id={titleId} className="font-semibold">
          {title}
        </h2>
        <div className="break-words">{children}</div>
      </div>
    </section>
  );
}

/** The language's name in the page's language ('espagnol' on a French page), from the browser's Intl. */
function languageName(code: LanguageCode, inLanguage: LanguageCode): string {
  try {
    return new Intl.DisplayNames([inLanguage], { type: 'language' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * Why texts are shown as written, when a translation was wanted and is not (all) there: also beside
 * the banner when only some texts are translated yet.
 */
function TranslationNote({ shared }: { shared: SharedCopy }) {
  const t = useT();
  const note = shared.translationNote;
  if (!note) return null;
  const text =
    note === 'pending'
      ? t('translation.pending')
      : note === 'failed'
        ? t('translation.failed')
        : t('translation.unavailable');
  return (
    <p
      role="status"
      className="flex items-center gap-2 px-1 text-sm text-slate-600"
      data-testid="translation-note"
      data-note={note}
    >
      <Languages className="h-4 w-4 shrink-0" aria-hidden="true" />
      {text}
    </p>
  );
}

/**
 * A verified recipient's checklist: the 'Verified Access' banner, the translation banner when the
 * texts really were translated (with 'Show original'), then the owner's checklist view working on
 * the share's copy. The copy is kept as written; its translations are laid over the texts when shown.
 * Loaded after the code dialog (it brings the checklist rules and the photo and confirm dialogs).
 */
function SharedChecklistContent({
  token,
  shared,
  language,
}: {
  token: string;
  shared: SharedCopy;
  /** The page's language (the link's `lang`, else the share's own). */
  language: LanguageCode;
}) {
  const t = useT();
  const checklistId = shared.checklist.id;
  const slot = useMemo(
    () => sharedChecklistSlot(token, checklistId, language),
    [token, checklistId, language],
  );
  const queryClient = useQueryClient();
  const [showOriginal, setShowOriginal] = useState(false);
  // Access ended (link revoked or replaced): the page asks again whether this browser may see it.
  useLiveChecklist(slot, {
    onAccessEnded: () => void queryClient.invalidateQueries({ queryKey: sharedKeys.status(token) }),
  });

  const overlay = shared.translated && !showOriginal ? shared.translations : undefined;
  const displayTexts = useMemo(
    () => (overlay ? (checklist: Checklist) => translatedChecklist(checklist, overlay) : undefined),
    [overlay],
  );

  return (
    <>
      <div className="mt-2 space-y-2">
        <Banner tone="green" icon={ShieldCheck} title={t('shared.verifiedTitle')} testId="verified-access">
          {shared.maskedContact
            ? // Isolated, so that an address reads left to right inside an Arabic sentence.
              richText(t, 'shared.verifiedTextVia', { contact: <bdi dir="ltr">{shared.maskedContact}</bdi> })
            : t('shared.verifiedText')}
        </Banner>
        {shared.translated && (
          <Banner tone="blue" icon={Languages} title={t('translation.title')} testId="auto-translated">
            <p>
              {showOriginal
                ? t('translation.originalText')
                : t('translation.text', { language: languageName(shared.language, language) })}
            </p>
            <button
              type="button"
              onClick={() => setShowOriginal((value) => !value)}
              aria-pressed={showOriginal}
              className="mt-1 -ms-1 inline-flex min-h-8 items-center rounded-md px-1 font-medium text-blue-800 underline underline-offset-2 hover:text-blue-950 focus-visible:outline-2 focus-visible:outline-blue-700"
            >
              {showOriginal ? t('translation.showTranslation') : t('translation.showOriginal')}
            </button>
          </Banner>
        )}
        <TranslationNote shared={shared} />
      </div>
      <ChecklistView
        checklist={shared.checklist}
        slot={slot}
        displayTexts={displayTexts}
        remarksTranslation={(remarks) => (overlay ? translatedRemarks(remarks, overlay) : null)}
        byline={
          <>
            {shared.ownerName && (
              // The owner's name isolated inside the sentence: it keeps its own direction, not the page's.
              <span className="me-3">
                {richText(t, 'shared.sharedBy', { name: <bdi dir="auto">{shared.ownerName}</bdi> })}
              </span>
            )}
            <ConnectionStatus className="align-middle" />
          </>
        }
      />
    </>
  );
}

/**
 * Drawn again only when its props change (the copy is kept by reference while unchanged): the page
 * above re-renders for its queries' states (restored, refetched after the live connection
 * subscribed) and must not redraw every task each time, in one piece on a phone (Total Blocking Time).
 */
export default memo(SharedChecklistContent);

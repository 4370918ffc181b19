import { useQueryClient } from '@tanstack/react-query';
import { Languages, type LucideIcon, ShieldCheck } from 'lucide-react';
import { type ReactNode, useId, useMemo } from 'react';
import { LANGUAGES, type LanguageCode } from '#domain/languages';
import { SHARE_MESSAGES, type SharedChecklistResponse } from '#domain/sharing';
import { ConnectionStatus } from '../../components/connection-status.tsx';
import { useLiveChecklist } from '../../hooks/use-live-updates.ts';
import { cn } from '../../lib/cn.ts';
import { ChecklistView } from '../checklist/checklist-view.tsx';
import { sharedChecklistCache, sharedKeys } from './use-share-access.ts';

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
      <div className="min-w-0 text-sm">
        <h2 id={titleId} className="font-semibold">
          {title}
        </h2>
        <p className="break-words">{children}</p>
      </div>
    </section>
  );
}

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
  const queryClient = useQueryClient();
  // Access ended (link revoked or replaced): the page asks again whether this browser may see it.
  useLiveChecklist(cache, {
    onAccessEnded: () => void queryClient.invalidateQueries({ queryKey: sharedKeys.status(token) }),
  });
  return (
    <>
      <div className="space-y-2">
        <Banner tone="green" icon={ShieldCheck} title={SHARE_MESSAGES.verifiedTitle} testId="verified-access">
          {SHARE_MESSAGES.verifiedText}
          {shared.maskedContact ? ` via ${shared.maskedContact}` : ''}
        </Banner>
        {shared.translated ? (
          <Banner
            tone="blue"
            icon={Languages}
            title={SHARE_MESSAGES.translatedTitle}
            testId="auto-translated"
          >
            This checklist was machine-translated into {languageName(shared.targetLanguage)}.
          </Banner>
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
        byline={
          <>
            {shared.ownerName && <span className="mr-3">Shared by {shared.ownerName}</span>}
            <ConnectionStatus className="align-middle" />
          </>
        }
      />
    </>
  );
}

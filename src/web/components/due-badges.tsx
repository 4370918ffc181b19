import { deviceTimeZone, dueLabel, isOverdue } from '#domain/due-dates';
import type { LanguageCode } from '#domain/languages';
import { useMinuteClock } from '../hooks/use-minute-clock.ts';
import { type Translate, useT, useUiLanguage } from '../i18n/i18n.tsx';
import { cn } from '../lib/cn.ts';

/**
 * A checklist's due time and its 'Overdue' and 'Cancelled' badges (issue 31), beside the spec's status
 * badge on the dashboard and the checklist page, and the due line of the recipient's page. Times are
 * the device's (the owner's browser, the recipient's phone): the server knows no one's time zone.
 */

interface DueFacts {
  dueAt: string | null;
  overdue: boolean;
  cancelled: boolean;
  status: string;
}

const BADGE =
  'inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1';

/** 'Cancelled' (a turnover whose booking was cancelled), else 'Overdue' once the time passed unfinished. */
export function DueBadges({ checklist, className }: { checklist: DueFacts; className?: string }) {
  const now = useMinuteClock();
  const t = useT();
  if (checklist.cancelled) {
    return (
      <span
        data-testid="cancelled-badge"
        className={cn(BADGE, 'bg-slate-200 text-slate-700 ring-slate-400', className)}
      >
        {t('due.cancelled')}
      </span>
    );
  }
  if (!isOverdue(checklist, now)) return null;
  return (
    <span
      data-testid="overdue-badge"
      className={cn(BADGE, 'bg-red-100 text-red-800 ring-red-300', className)}
    >
      {t('due.overdue')}
    </span>
  );
}

/**
 * 'Due today 15:00', 'Due in 45 min', 'Due Tue 2 Dec, 15:00' in English; in another language the
 * date and time as Intl writes them there ('À terminer : mar. 2 déc., 15:00', 'Vence dentro de 45
 * minutos').
 */
export function dueText(dueAt: string, now: Date, language: LanguageCode, t: Translate): string {
  if (language === 'en') return dueLabel(dueAt, now, deviceTimeZone());
  const due = new Date(dueAt);
  const minutes = Math.ceil((due.getTime() - now.getTime()) / 60_000);
  if (minutes > 0 && minutes <= 60) {
    const relative = new Intl.RelativeTimeFormat(language, { numeric: 'always' }).format(minutes, 'minute');
    return t('due.soon', { relative });
  }
  const when = new Intl.DateTimeFormat(language, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    ...(due.getFullYear() !== now.getFullYear() ? { year: 'numeric' } : {}),
    hour: '2-digit',
    minute: '2-digit',
  }).format(due);
  return t('due.at', { when });
}

/** The due time as words in the page's language, red once overdue; nothing when there is none. */
export function DueText({ checklist, className }: { checklist: DueFacts; className?: string }) {
  const now = useMinuteClock();
  const t = useT();
  const language = useUiLanguage();
  if (!checklist.dueAt) return null;
  const late = isOverdue(checklist, now);
  return (
    <time
      dateTime={checklist.dueAt}
      data-testid="due-text"
      className={cn(late ? 'font-medium text-red-700' : 'text-slate-600', className)}
    >
      {dueText(checklist.dueAt, now, language, t)}
    </time>
  );
}

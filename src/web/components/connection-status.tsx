import { useRealtimeState } from '../hooks/use-live-updates.ts';
import { type MessageKey, useT } from '../i18n/i18n.tsx';
import { cn } from '../lib/cn.ts';
import type { RealtimeClient, RealtimeState } from '../sync/index.ts';

const VIEWS: Record<
  RealtimeState,
  { label: MessageKey; explanation: MessageKey; dot: string; text: string }
> = {
  live: {
    label: 'live.live',
    explanation: 'live.liveText',
    dot: 'bg-green-500',
    text: 'text-slate-500',
  },
  idle: {
    label: 'live.connecting',
    explanation: 'live.connectingText',
    dot: 'bg-slate-300',
    text: 'text-slate-500',
  },
  connecting: {
    label: 'live.connecting',
    explanation: 'live.connectingText',
    dot: 'bg-slate-300',
    text: 'text-slate-500',
  },
  reconnecting: {
    label: 'live.reconnecting',
    explanation: 'live.reconnectingText',
    dot: 'bg-amber-500',
    text: 'text-amber-800',
  },
  offline: {
    label: 'live.offline',
    explanation: 'live.offlineText',
    dot: 'bg-slate-400',
    text: 'text-slate-700',
  },
};

/**
 * A small dot and word saying whether the page is live: quiet grey when it is, amber while reconnecting.
 * It always takes its line, so nothing moves when its word changes.
 */
export function ConnectionStatus({ className, client }: { className?: string; client?: RealtimeClient }) {
  const state = useRealtimeState(client);
  const view = VIEWS[state];
  const t = useT();
  return (
    <span
      role="status"
      title={t(view.explanation)}
      data-testid="connection-status"
      data-state={state}
      className={cn(
        'inline-flex h-6 shrink-0 items-center gap-1.5 text-xs font-medium whitespace-nowrap',
        view.text,
        className,
      )}
    >
      <span className={cn('h-2 w-2 shrink-0 rounded-full', view.dot)} aria-hidden="true" />
      <span>{t(view.label)}</span>
      <span className="sr-only">: {t(view.explanation)}</span>
    </span>
  );
}

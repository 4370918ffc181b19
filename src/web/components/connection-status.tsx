import { useRealtimeState } from '../hooks/use-live-updates.ts';
import { cn } from '../lib/cn.ts';
import type { RealtimeClient, RealtimeState } from '../lib/realtime-client.ts';

const VIEWS: Record<RealtimeState, { label: string; explanation: string; dot: string; text: string }> = {
  live: {
    label: 'Live',
    explanation: 'Changes appear here as they happen.',
    dot: 'bg-green-500',
    text: 'text-slate-500',
  },
  idle: {
    label: 'Connecting…',
    explanation: 'Connecting, so that changes appear here as they happen.',
    dot: 'bg-slate-300',
    text: 'text-slate-500',
  },
  connecting: {
    label: 'Connecting…',
    explanation: 'Connecting, so that changes appear here as they happen.',
    dot: 'bg-slate-300',
    text: 'text-slate-500',
  },
  reconnecting: {
    label: 'Reconnecting…',
    explanation:
      'The live connection dropped. Reconnecting; changes made meanwhile will show once it is back.',
    dot: 'bg-amber-500',
    text: 'text-amber-800',
  },
  offline: {
    label: 'Offline',
    explanation: 'No connection. Changes made by others will show once you are back online.',
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
  return (
    <span
      role="status"
      title={view.explanation}
      data-testid="connection-status"
      data-state={state}
      className={cn(
        'inline-flex h-6 shrink-0 items-center gap-1.5 text-xs font-medium whitespace-nowrap',
        view.text,
        className,
      )}
    >
      <span className={cn('h-2 w-2 shrink-0 rounded-full', view.dot)} aria-hidden="true" />
      <span>{view.label}</span>
      <span className="sr-only">: {view.explanation}</span>
    </span>
  );
}

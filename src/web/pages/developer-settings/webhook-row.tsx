import { ChevronDown, Send, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import type { Webhook } from '#domain/integrations-response';
import { WEBHOOK_EVENTS } from '#domain/webhooks';
import { Button } from '../../components/ui/button.tsx';
import { teamFailure } from '../../hooks/use-team-actions.ts';
import { useToast } from '../../hooks/use-toast.ts';
import { useWebhookActions } from '../../hooks/use-webhooks.ts';
import { cn } from '../../lib/cn.ts';
import type { Ask } from '../team/confirmation.tsx';
import { DeliveriesLog } from './deliveries-log.tsx';
import { eventsSummary } from './texts.ts';

/**
 * One endpoint: its address, events and state (the server's reason when it turned it off), and what
 * the owner and admins do with it: 'Send test event', on/off, 'Delete', and its delivery log.
 */
export function WebhookRow({ webhook, ask }: { webhook: Webhook; ask: Ask }) {
  const ids = useId();
  const [logOpen, setLogOpen] = useState(false);
  const { update, sendTest, test, setEnabled, deleteIt } = useRowActions(webhook, ask, setLogOpen);

  return (
    <li className="p-4" aria-labelledby={`${ids}-url`} data-testid="webhook-row">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <code id={`${ids}-url`} className="min-w-0 text-sm font-medium break-all text-slate-900">
          {webhook.url}
        </code>
        <span
          className={cn(
            'rounded-full px-2.5 py-0.5 text-xs font-medium',
            webhook.enabled ? 'bg-emerald-100 text-emerald-800' : 'bg-slate-200 text-slate-700',
          )}
        >
          {webhook.enabled ? 'Enabled' : 'Disabled'}
        </span>
      </div>
      {!webhook.enabled && webhook.disabledReason && (
        <p className="mt-1 text-sm text-amber-800">{webhook.disabledReason}</p>
      )}
      <EventList events={webhook.events} />
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <Button size="sm" disabled={sendTest.isPending} onClick={() => void test()}>
          <Send className="h-4 w-4" aria-hidden="true" /> Send test event
        </Button>
        <EnabledSwitch
          enabled={webhook.enabled}
          busy={update.isPending}
          onChange={(enabled) => void setEnabled(enabled)}
        />
        <Button
          size="sm"
          variant="secondary"
          aria-expanded={logOpen}
          aria-controls={logOpen ? `${ids}-log` : undefined}
          onClick={() => setLogOpen(!logOpen)}
        >
          <ChevronDown
            className={cn('h-4 w-4 transition-transform', logOpen && 'rotate-180')}
            aria-hidden="true"
          />
          Deliveries
        </Button>
        <Button size="sm" variant="destructive-ghost" onClick={deleteIt}>
          <Trash2 className="h-4 w-4" aria-hidden="true" /> Delete
        </Button>
      </div>
      {logOpen && <DeliveriesLog webhookId={webhook.id} id={`${ids}-log`} />}
    </li>
  );
}

/** What the row's buttons do, each telling how it went (a toast; a failed delete keeps the dialog's words). */
function useRowActions(webhook: Webhook, ask: Ask, showLog: (open: boolean) => void) {
  const { toast } = useToast();
  const { update, remove, sendTest } = useWebhookActions();
  const failed = (title: string, error: unknown) =>
    toast({ title, description: teamFailure(error), variant: 'destructive' });

  async function test() {
    try {
      await sendTest.mutateAsync(webhook.id);
      showLog(true);
      toast({ title: 'Test event sent', description: 'Its delivery is in the log below.' });
    } catch (error) {
      failed('Test event not sent', error);
    }
  }
  async function setEnabled(enabled: boolean) {
    try {
      await update.mutateAsync({ id: webhook.id, patch: { enabled } });
    } catch (error) {
      failed('Not changed', error);
    }
  }
  const deleteIt = () =>
    ask({
      title: `Delete the webhook to ${webhook.url}?`,
      description: 'No more events are sent there, and its delivery log is deleted with it.',
      confirmLabel: 'Delete webhook',
      destructive: true,
      async run() {
        // Its log stops asking first: the endpoint's log is gone with it.
        showLog(false);
        try {
          await remove.mutateAsync(webhook.id);
          toast({ title: 'Webhook deleted' });
        } catch (error) {
          failed('Not deleted', error);
          throw error;
        }
      },
    });

  return { update, sendTest, test, setEnabled, deleteIt };
}

function EventList({ events }: { events: Webhook['events'] }) {
  const all = events.length >= WEBHOOK_EVENTS.length;
  return (
    <div className="mt-2 flex flex-wrap items-center gap-1.5 text-xs">
      <span className="text-slate-600">{eventsSummary(events.length, WEBHOOK_EVENTS.length)}</span>
      {!all && (
        <ul className="flex flex-wrap gap-1.5" aria-label="Events">
          {events.map((event) => (
            <li key={event} className="rounded-full bg-indigo-50 px-2 py-0.5 font-mono text-indigo-800">
              {event}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** On/off as a switch: its name is 'Enabled', its state is told by aria-checked. */
function EnabledSwitch({
  enabled,
  busy,
  onChange,
}: {
  enabled: boolean;
  busy: boolean;
  onChange(enabled: boolean): void;
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={enabled}
      disabled={busy}
      onClick={() => onChange(!enabled)}
      className="inline-flex h-9 items-center gap-2 rounded-lg px-2 text-sm font-medium text-slate-800 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:opacity-50"
    >
      <span
        aria-hidden="true"
        className={cn(
          'relative inline-block h-5 w-9 rounded-full transition-colors',
          enabled ? 'bg-indigo-600' : 'bg-slate-300',
        )}
      >
        <span
          className={cn(
            'absolute top-0.5 h-4 w-4 rounded-full bg-white shadow transition-all',
            enabled ? 'start-[1.125rem]' : 'start-0.5',
          )}
        />
      </span>
      Enabled
    </button>
  );
}

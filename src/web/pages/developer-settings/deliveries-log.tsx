import { RotateCw } from 'lucide-react';
import type { ReactNode } from 'react';
import type { WebhookDelivery, WebhookDeliveryStatus } from '#domain/integrations-response';
import { Button } from '../../components/ui/button.tsx';
import { teamFailure } from '../../hooks/use-team-actions.ts';
import { useToast } from '../../hooks/use-toast.ts';
import { useWebhookActions, useWebhookDeliveries } from '../../hooks/use-webhooks.ts';
import { cn } from '../../lib/cn.ts';
import { relativeTime } from '../../lib/relative-time.ts';
import { canRetry, DELIVERY_STATUS_LABELS, DEVELOPER_TEXTS, durationText, responseText } from './texts.ts';

const STATUS_STYLE: Record<WebhookDeliveryStatus, string> = {
  pending: 'bg-amber-100 text-amber-800',
  succeeded: 'bg-emerald-100 text-emerald-800',
  failed: 'bg-red-100 text-red-800',
};

const COLUMNS = ['Event', 'Status', 'Attempts', 'Response', 'Duration', 'Time'] as const;

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'medium' });

/** Labels the phone layout shows inside each cell (the table's header row is hidden there). */
const CELL = 'flex items-baseline justify-between gap-3 py-0.5 sm:table-cell sm:px-3 sm:py-2';
const CELL_LABEL = 'text-xs text-slate-500 sm:hidden';

/**
 * One endpoint's delivery log (the last 100, newest first), asked again every few seconds while it is
 * open, and at once by 'Refresh'. A table from 640 px; on a phone each delivery is a small card.
 */
export function DeliveriesLog({ webhookId, id }: { webhookId: string; id: string }) {
  const deliveries = useWebhookDeliveries(webhookId, true);
  return (
    <section id={id} aria-label="Deliveries" className="mt-3 rounded-xl border border-slate-200 p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h4 className="text-sm font-semibold text-slate-900">Deliveries</h4>
        <Button
          size="sm"
          variant="ghost"
          aria-label="Refresh deliveries"
          disabled={deliveries.isFetching}
          onClick={() => void deliveries.refetch()}
        >
          <RotateCw className={cn('h-4 w-4', deliveries.isFetching && 'animate-spin')} aria-hidden="true" />
          Refresh
        </Button>
      </div>
      {deliveries.isError ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          The deliveries could not be loaded. {teamFailure(deliveries.error)}
        </p>
      ) : deliveries.isLoading ? (
        <p className="mt-2 text-sm text-slate-500">Loading…</p>
      ) : deliveries.data?.length ? (
        <DeliveryTable webhookId={webhookId} deliveries={deliveries.data} />
      ) : (
        <p className="mt-2 text-sm text-slate-600">{DEVELOPER_TEXTS.noDeliveries}</p>
      )}
    </section>
  );
}

function DeliveryTable({ webhookId, deliveries }: { webhookId: string; deliveries: WebhookDelivery[] }) {
  return (
    <table className="mt-2 block w-full text-sm sm:table" data-testid="deliveries-table">
      <thead className="sr-only sm:not-sr-only sm:table-header-group">
        <tr className="text-left text-xs text-slate-500">
          {COLUMNS.map((column) => (
            <th key={column} scope="col" className="font-medium sm:px-3 sm:py-1">
              {column}
            </th>
          ))}
          <th scope="col" className="sm:px-3 sm:py-1">
            <span className="sr-only">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody className="block space-y-2 sm:table-row-group sm:space-y-0">
        {deliveries.map((delivery) => (
          <DeliveryRow key={delivery.id} webhookId={webhookId} delivery={delivery} />
        ))}
      </tbody>
    </table>
  );
}

function DeliveryRow({ webhookId, delivery }: { webhookId: string; delivery: WebhookDelivery }) {
  const { retry } = useWebhookActions();
  const { toast } = useToast();
  const at = delivery.lastAttemptAt ?? delivery.createdAt;
  async function retryIt() {
    try {
      await retry.mutateAsync({ id: webhookId, deliveryId: delivery.id });
      toast({ title: 'Sent again', description: 'The log shows how it went in a moment.' });
    } catch (error) {
      toast({ title: 'Not sent again', description: teamFailure(error), variant: 'destructive' });
    }
  }
  return (
    <tr
      className="block rounded-lg border border-slate-200 p-3 sm:table-row sm:rounded-none sm:border-0 sm:border-t sm:p-0"
      data-testid="delivery-row"
    >
      <td className={CELL}>
        <span className={CELL_LABEL} aria-hidden="true">
          Event
        </span>
        <code className="text-xs break-all text-slate-800">{delivery.event}</code>
      </td>
      <td className={CELL}>
        <span className={CELL_LABEL} aria-hidden="true">
          Status
        </span>
        <span className="grid justify-items-end gap-0.5 sm:justify-items-start">
          <span className={cn('rounded-full px-2 py-0.5 text-xs font-medium', STATUS_STYLE[delivery.status])}>
            {DELIVERY_STATUS_LABELS[delivery.status]}
          </span>
          {delivery.error && (
            <span className="max-w-56 text-xs break-words text-red-700">{delivery.error}</span>
          )}
        </span>
      </td>
      <DataCell label="Attempts">{delivery.attempts}</DataCell>
      <DataCell label="Response">{responseText(delivery)}</DataCell>
      <DataCell label="Duration">{durationText(delivery.durationMs)}</DataCell>
      <td className={CELL}>
        <span className={CELL_LABEL} aria-hidden="true">
          Time
        </span>
        <time
          dateTime={at}
          title={timeFormat.format(new Date(at))}
          className="whitespace-nowrap text-slate-700"
        >
          {relativeTime(at)}
        </time>
      </td>
      <td className="pt-2 sm:table-cell sm:px-3 sm:py-1 sm:text-end">
        {canRetry(delivery) && (
          <Button size="sm" variant="secondary" disabled={retry.isPending} onClick={() => void retryIt()}>
            Retry
          </Button>
        )}
      </td>
    </tr>
  );
}

function DataCell({ label, children }: { label: string; children: ReactNode }) {
  return (
    <td className={CELL}>
      <span className={CELL_LABEL} aria-hidden="true">
        {label}
      </span>
      <span className="tabular-nums text-slate-700">{children}</span>
    </td>
  );
}

import type { WebhookDelivery, WebhookDeliveryStatus } from '#domain/integrations-response';
import { relativeTime } from '../../lib/relative-time.ts';

/**
 * The words of the Developers settings (/settings/developers) that depend on data: kept out of the
 * components so a unit test reads them, and so the page and its tests say the same.
 */

export const DEVELOPER_TEXTS = {
  paidOnly: 'API access and webhooks come with the Professional plan.',
  paidOnlyMore:
    'Connect ListSync to your property-management or accounting software: read and create checklists with a token, and get events pushed to your own address as they happen.',
  askOwner: 'Ask the team’s owner to upgrade.',
  managersOnly: 'The team’s owner or an admin manages API tokens and webhooks.',
  secretOnce: 'Copy it now: it will not be shown again.',
  copied: 'Copied',
  copyFailed: 'Select the text and copy it yourself',
  noTokens: 'No tokens yet. Make one for each script or tool that uses the API.',
  noWebhooks: 'No webhooks yet. Add the address that should receive your team’s events.',
  noDeliveries: 'No deliveries yet. Send a test event to see one here.',
  reference: 'API reference and quick start',
} as const;

/** 'Last used 5 minutes ago', or 'Never used' for a token no request has used yet. */
export function lastUsedText(lastUsedAt: string | null, now: number = Date.now()): string {
  if (!lastUsedAt) return 'Never used';
  const when = relativeTime(lastUsedAt, now);
  return when ? `Last used ${when}` : 'Never used';
}

/** 'Created 29 Nov 2026' in the browser's own words for a date. */
export function createdText(createdAt: string): string {
  const time = Date.parse(createdAt);
  if (Number.isNaN(time)) return '';
  return `Created ${new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(time)}`;
}

export const DELIVERY_STATUS_LABELS: Record<WebhookDeliveryStatus, string> = {
  pending: 'Pending',
  succeeded: 'Succeeded',
  failed: 'Failed',
};

/** The answer's HTTP status, or '—' before any answer came. */
export function responseText(delivery: Pick<WebhookDelivery, 'responseStatus'>): string {
  return delivery.responseStatus === null ? '—' : String(delivery.responseStatus);
}

/** '42 ms', '1.2 s', or '—' before the first attempt. */
export function durationText(durationMs: number | null): string {
  if (durationMs === null) return '—';
  if (durationMs < 1000) return `${durationMs} ms`;
  return `${(durationMs / 1000).toFixed(1)} s`;
}

/** A failed delivery can be sent again at once; so can a pending one waiting for its next try. */
export function canRetry(delivery: Pick<WebhookDelivery, 'status'>): boolean {
  return delivery.status !== 'succeeded';
}

/** '3 of 8 events' for a short summary, 'All events' when every one is chosen. */
export function eventsSummary(chosen: number, all: number): string {
  if (chosen >= all) return 'All events';
  return `${chosen} of ${all} events`;
}

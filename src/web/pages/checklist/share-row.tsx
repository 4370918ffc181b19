import { Mail, Send, ShieldAlert, Smartphone } from 'lucide-react';
import { languageName } from '#domain/languages';
import { SHARE_LIMITS, type ShareSummary } from '#domain/sharing';
import { Button } from '../../components/ui/button.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { cn } from '../../lib/cn.ts';
import { relativeTime } from '../../lib/relative-time.ts';

/** What a row calls the recipient: the name the owner typed, or 'Recipient'. */
export function recipientLabel(share: ShareSummary): string {
  return share.recipientName?.trim() || 'Recipient';
}

/** 'Active 5 minutes ago' once the recipient has done something, 'Sent 2 hours ago' before. */
function activity(share: ShareSummary): { label: string; at: string } {
  return share.lastActivityAt
    ? { label: 'Active', at: share.lastActivityAt }
    : { label: 'Sent', at: share.createdAt };
}

/** The state the row's badge says: a locked link first (the owner must act), then verified or not. */
function stateOf(share: ShareSummary): { label: string; tone: string } {
  if (share.lockedAt) return { label: 'Locked', tone: 'bg-red-100 text-red-800 ring-red-300' };
  return share.verified
    ? { label: 'Verified', tone: 'bg-green-100 text-green-800 ring-green-300' }
    : { label: 'Code sent', tone: 'bg-amber-100 text-amber-900 ring-amber-300' };
}

/**
 * One recipient of 'Shared with': name, masked contact, channel, state, language, last activity,
 * Revoke; for a link locked by wrong codes, why, and 'Send new link'.
 */
export function ShareRow({
  share,
  onRevoke,
  onNewLink,
  sendingNewLink = false,
}: {
  share: ShareSummary;
  onRevoke(share: ShareSummary): void;
  onNewLink(share: ShareSummary): void;
  sendingNewLink?: boolean;
}) {
  const Icon = share.channel === 'sms' ? Smartphone : Mail;
  const when = activity(share);
  const name = recipientLabel(share);
  const state = stateOf(share);
  return (
    <li className="flex items-start gap-3 py-3" data-testid="share-row" data-share-id={share.id}>
      <span className="mt-0.5 flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-indigo-50 text-indigo-600">
        <Icon className="h-4 w-4" aria-hidden="true" />
      </span>
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <bdi dir="auto" className="min-w-0 truncate font-medium text-slate-900">
            {name}
          </bdi>
          <span
            data-testid="share-state"
            className={cn(
              'inline-flex shrink-0 items-center rounded-full px-2 py-0.5 text-xs font-semibold ring-1',
              state.tone,
            )}
          >
            {state.label}
          </span>
        </div>
        <p className="truncate text-sm text-slate-600">
          <span className="sr-only">{share.channel === 'sms' ? 'Text message to ' : 'Email to '}</span>
          {share.maskedContact}
        </p>
        <p className="mt-0.5 text-xs text-slate-500">
          {languageName(share.targetLanguage)}
          <span aria-hidden="true"> · </span>
          <span className="sr-only">, </span>
          {when.label}{' '}
          <time dateTime={when.at} title={new Date(when.at).toLocaleString()}>
            {relativeTime(when.at)}
          </time>
        </p>
        {share.lockedAt && (
          <div className="mt-2 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900">
            <p data-testid="share-locked">
              <ShieldAlert className="me-1 inline h-4 w-4 align-text-bottom" aria-hidden="true" />
              Locked after {SHARE_LIMITS.linkMaxWrongTries} wrong codes{' '}
              <time dateTime={share.lockedAt} title={new Date(share.lockedAt).toLocaleString()}>
                {relativeTime(share.lockedAt)}
              </time>
              . The link no longer opens; send a new one to let them in.
            </p>
            <Button
              variant="secondary"
              size="sm"
              className="mt-2"
              disabled={sendingNewLink}
              aria-busy={sendingNewLink || undefined}
              onClick={() => onNewLink(share)}
            >
              <Send className="h-4 w-4" aria-hidden="true" />
              {sendingNewLink ? 'Sending…' : 'Send new link'}{' '}
              <span className="sr-only">{`to ${name} (${share.maskedContact})`}</span>
            </Button>
          </div>
        )}
      </div>
      <Button variant="destructive-ghost" size="sm" className="shrink-0" onClick={() => onRevoke(share)}>
        Revoke <span className="sr-only">{`access for ${name} (${share.maskedContact})`}</span>
      </Button>
    </li>
  );
}

/** A placeholder row while the list loads, the height of a real one. */
export function ShareRowSkeleton() {
  return (
    <li className="flex items-start gap-3 py-3" aria-hidden="true">
      <Skeleton className="h-9 w-9 rounded-full" />
      <div className="flex-1">
        <Skeleton className="h-5 w-40 max-w-full" />
        <Skeleton className="mt-1 h-4 w-48 max-w-full" />
        <Skeleton className="mt-1 h-3.5 w-32" />
      </div>
    </li>
  );
}

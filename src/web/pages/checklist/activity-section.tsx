import {
  BadgeCheck,
  Camera,
  CircleCheck,
  CircleDashed,
  FileDown,
  History,
  Link2,
  MessageSquare,
  RotateCcw,
  Send,
  ShieldCheck,
  Trash2,
  UserX,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { type ActivityAction, type ActivityEntry, activityText } from '#domain/activity';
import { CAPTURE_SOURCE_LABELS, cameraTimeLabel } from '#domain/photo-evidence';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { reportPath, useActivity } from '../../hooks/use-activity.ts';
import { relativeTime } from '../../lib/relative-time.ts';

const ICONS: Record<ActivityAction, typeof History> = {
  task_completed: CircleCheck,
  task_uncompleted: CircleDashed,
  photo_added: Camera,
  photo_removed: Trash2,
  remarks_changed: MessageSquare,
  submitted: Send,
  share_sent: Send,
  share_verified: ShieldCheck,
  share_revoked: UserX,
  link_replaced: Link2,
  approved: BadgeCheck,
  redo_requested: RotateCcw,
};

/** '26 Nov 2026, 09:15:03' in the viewer's own zone (the title of each entry's relative time). */
function localTime(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'medium' });
}

/** A photo entry's evidence: the camera's time (with its offset), the receipt, how it was taken. */
function photoEvidence(entry: ActivityEntry): string {
  return [
    entry.photoCapturedAt ? `taken ${cameraTimeLabel(entry.photoCapturedAt)}` : null,
    entry.photoReceivedAt ? `received ${localTime(entry.photoReceivedAt)}` : null,
    entry.photoCaptureSource ? CAPTURE_SOURCE_LABELS[entry.photoCaptureSource].toLowerCase() : null,
  ]
    .filter(Boolean)
    .map((part) => ` · ${part}`)
    .join('');
}

function Actor({ entry }: { entry: ActivityEntry }) {
  const { actor } = entry;
  if (actor.kind === 'owner') return <span className="font-semibold text-slate-900">You</span>;
  const how =
    actor.verifiedBy === 'sms' ? 'verified by SMS' : actor.verifiedBy === 'email' ? 'verified by e-mail' : '';
  return (
    <span>
      <span className="font-semibold text-slate-900">{actor.name}</span>
      {(actor.maskedContact && actor.maskedContact !== actor.name) || how ? (
        <span className="text-slate-500">
          {' '}
          ({[actor.maskedContact !== actor.name ? actor.maskedContact : null, how].filter(Boolean).join(', ')}
          )
        </span>
      ) : null}
    </span>
  );
}

function Entry({ entry, taskNames }: { entry: ActivityEntry; taskNames: ReadonlyMap<string, string> }) {
  const Icon = ICONS[entry.action];
  const taskName = entry.taskId ? taskNames.get(entry.taskId) : undefined;
  return (
    <li className="flex gap-3 py-3" data-testid="activity-entry" data-action={entry.action}>
      <span
        className="mt-0.5 flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-slate-100 text-slate-600"
        aria-hidden="true"
      >
        <Icon className="h-3.5 w-3.5" />
      </span>
      <div className="min-w-0 flex-1 text-sm leading-snug text-slate-700">
        <p className="break-words">
          <Actor entry={entry} /> {activityText(entry, taskName)}
        </p>
        {entry.photoSha256 && (
          <p className="mt-1 text-xs text-slate-500">
            <span
              className="font-mono break-all"
              title={`SHA-256 of the original photo: ${entry.photoSha256}`}
            >
              SHA-256 {entry.photoSha256.slice(0, 12)}…{entry.photoSha256.slice(-6)}
            </span>
            <span data-testid="activity-photo-evidence">{photoEvidence(entry)}</span>
          </p>
        )}
        <p className="mt-0.5 text-xs text-slate-500">
          <time dateTime={entry.at} title={localTime(entry.at)}>
            {relativeTime(entry.at)}
          </time>
        </p>
      </div>
    </li>
  );
}

function Frame({ children }: { children: ReactNode }) {
  return (
    <Card className="mt-6 px-4 pt-3 pb-2 sm:px-5" role="region" aria-labelledby="activity-title">
      {children}
    </Card>
  );
}

/** The report's download: a plain link, the server answers it as an attachment with its filename. */
export function DownloadReportButton({
  checklistId,
  className,
}: {
  checklistId: string;
  className?: string;
}) {
  return (
    <Button asChild variant="secondary" size="sm" className={className}>
      <a href={reportPath(checklistId)} download data-testid="download-report">
        <FileDown className="h-4 w-4" aria-hidden="true" />
        Download report
      </a>
    </Button>
  );
}

/**
 * 'Activity' on the owner's checklist page (never on a recipient's): who did what and when, newest
 * first, 20 at a time ('Show more'), refreshed whenever the checklist changes (hooks/use-activity.ts).
 */
export function ActivitySection({
  checklistId,
  tasks,
}: {
  checklistId: string;
  tasks: readonly { id: string; description: string }[];
}) {
  const activity = useActivity(checklistId);
  const taskNames = new Map(tasks.map((task) => [task.id, task.description]));
  const entries = activity.data?.pages.flatMap((page) => page.entries) ?? [];
  return (
    <Frame>
      <div className="flex items-center justify-between gap-3">
        <h2 id="activity-title" className="flex items-center gap-2 text-base font-semibold text-slate-900">
          <History className="h-4 w-4 text-slate-500" aria-hidden="true" />
          Activity
        </h2>
        <DownloadReportButton checklistId={checklistId} />
      </div>
      {activity.data ? (
        entries.length === 0 ? (
          <p className="pt-2 pb-3 text-sm text-slate-500">
            Nothing has happened yet. Ticks, photos and shares show here.
          </p>
        ) : (
          <>
            <ol aria-label="Activity, newest first" className="mt-1 divide-y divide-slate-100">
              {entries.map((entry) => (
                <Entry key={entry.id} entry={entry} taskNames={taskNames} />
              ))}
            </ol>
            {activity.hasNextPage && (
              <div className="border-t border-slate-100 py-2">
                <Button
                  variant="subtle"
                  size="sm"
                  className="-ms-3"
                  disabled={activity.isFetchingNextPage}
                  onClick={() => void activity.fetchNextPage()}
                >
                  {activity.isFetchingNextPage ? 'Loading…' : 'Show more'}
                </Button>
              </div>
            )}
          </>
        )
      ) : activity.isError ? (
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1 pt-2 pb-3 text-sm text-slate-600">
          <p>The activity could not be loaded.</p>
          <Button
            variant="subtle"
            size="sm"
            className="-ms-3 sm:ms-0"
            onClick={() => void activity.refetch()}
          >
            Try again
          </Button>
        </div>
      ) : (
        <p className="pt-2 pb-3 text-sm text-slate-500" aria-busy="true">
          Loading activity…
        </p>
      )}
    </Frame>
  );
}

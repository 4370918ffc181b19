import { BadgeCheck, Loader2, RotateCcw } from 'lucide-react';
import { useState } from 'react';
import type { Checklist } from '#domain/checklist';
import { Button } from '../../components/ui/button.tsx';
import { useReview } from '../../hooks/use-review.ts';
import { ChunkBoundary, lazyChunk } from '../../lib/lazy-chunk.tsx';
import type { RedoDialogProps } from './redo-dialog.tsx';

/**
 * The redo dialog (and Radix's dialog code under it, ~15 KiB gzipped) is a chunk of its own: fetched
 * when the team is about to send tasks back (pointer or focus on 'Request redo'), not with the page.
 */
const redoChunk = lazyChunk<RedoDialogProps>(() =>
  import('./redo-dialog.tsx').then((module) => module.RedoDialog),
);

/** Mounted while open; should its code not arrive (offline), it closes as if cancelled. */
function LazyRedoDialog(props: RedoDialogProps) {
  if (!props.open) return null;
  const Dialog = redoChunk.Component;
  return (
    <ChunkBoundary
      chunk={redoChunk}
      fallback={null}
      onLoadFailed={(error) => {
        console.warn('The redo dialog could not be loaded', error);
        props.onOpenChange(false);
      }}
    >
      <Dialog {...props} />
    </ChunkBoundary>
  );
}

/** '29 Nov 2026, 14:40' in the viewer's zone. */
function reviewTime(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

/** The 'Approved' badge with who and when (the owner's page; the dashboard shows the badge alone). */
export function ApprovedBadge({ checklist }: { checklist: Pick<Checklist, 'approvedAt' | 'approvedBy'> }) {
  if (!checklist.approvedAt) return null;
  const by = checklist.approvedBy?.displayName;
  return (
    <p
      className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-emerald-900"
      data-testid="approved-badge"
    >
      <span className="inline-flex items-center gap-1 rounded-full bg-emerald-100 px-2.5 py-0.5 font-semibold ring-1 ring-emerald-300">
        <BadgeCheck className="h-4 w-4" aria-hidden="true" />
        Approved
      </span>
      <span>
        {by ? `by ${by}, ` : ''}
        {reviewTime(checklist.approvedAt)}
      </span>
    </p>
  );
}

/**
 * The team's review of a submitted checklist (docs/review-and-proof.md "Review"): 'Approve' and
 * 'Request redo' (a dialog to choose the tasks and write the note); once approved, the badge, and
 * 'Request redo' stays (a problem found later). Nothing before it is submitted: tasks sent back show
 * their notes in the list.
 */
export function ReviewPanel({ checklist }: { checklist: Checklist }) {
  const { review, pending } = useReview(checklist.id);
  const [redoOpen, setRedoOpen] = useState(false);
  if (checklist.submittedAt === null) return null;
  const approved = checklist.approvedAt !== null;
  return (
    <section
      aria-label="Review"
      className="mt-4 flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-3 shadow-sm sm:flex-row sm:items-center sm:justify-between sm:p-4"
      data-testid="review-panel"
    >
      {approved ? (
        <ApprovedBadge checklist={checklist} />
      ) : (
        <p className="text-sm text-slate-700">Check the work, then approve it or send tasks back.</p>
      )}
      <div className="flex shrink-0 gap-2">
        <Button
          variant="secondary"
          disabled={pending !== null}
          onPointerEnter={() => void redoChunk.preload().catch(() => {})}
          onFocus={() => void redoChunk.preload().catch(() => {})}
          onClick={() => setRedoOpen(true)}
        >
          <RotateCcw className="h-4 w-4" aria-hidden="true" />
          Request redo
        </Button>
        {!approved && (
          <Button disabled={pending !== null} onClick={() => void review({ decision: 'approved' })}>
            {pending === 'approved' ? (
              <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
            ) : (
              <BadgeCheck className="h-4 w-4" aria-hidden="true" />
            )}
            Approve
          </Button>
        )}
      </div>
      <LazyRedoDialog
        open={redoOpen}
        onOpenChange={setRedoOpen}
        tasks={checklist.tasks}
        pending={pending === 'redo'}
        onSend={async (taskIds, note) => {
          const sent = await review({ decision: 'redo', taskIds, ...(note ? { note } : {}) });
          if (sent) setRedoOpen(false);
        }}
      />
    </section>
  );
}

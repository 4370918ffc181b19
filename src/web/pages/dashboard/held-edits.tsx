import { AlertTriangle } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { LazyConfirmDialog } from '../../components/ui/lazy-dialog.tsx';
import { useAuth } from '../../hooks/use-auth.tsx';
import { useQueueState } from '../../hooks/use-offline-queue.tsx';
import type { HeldOp } from '../../sync/index.ts';

/** What a kept save says: what happened to it, and what reviewing it will do. */
export function heldEditText(held: HeldOp): { title: string; text: string; review: string } {
  const name = `“${held.body.name}”`;
  if (held.kind === 'create') {
    return {
      title: `${name} was not created`,
      text: `${held.refusal.message} What you wrote is kept here.`,
      review: 'Review',
    };
  }
  if (held.refusal.status === 404) {
    return {
      title: `Your changes to ${name} were not saved`,
      text: 'The checklist was deleted elsewhere before your changes reached the server. You can save them as a new checklist.',
      review: 'Review as a new checklist',
    };
  }
  if (held.refusal.code === 'version_conflict') {
    return {
      title: `Your changes to ${name} were not saved`,
      text: 'The checklist was changed elsewhere before your changes reached the server. They are kept here: compare them with the latest version and reapply them.',
      review: 'Review my changes',
    };
  }
  return {
    title: `Your changes to ${name} were not saved`,
    text: `${held.refusal.message} What you wrote is kept here.`,
    review: 'Review my changes',
  };
}

/**
 * Editor saves made offline that the server refused once they were sent (a newer version, a plan
 * limit, a checklist deleted meanwhile): nothing the person wrote is dropped; each waits here until they
 * review it in the editor or discard it.
 */
export function HeldEdits({
  onReview,
  onDiscard,
}: {
  onReview(held: HeldOp): void;
  onDiscard(key: string): void;
}) {
  const { user } = useAuth();
  // Only the signed-in owner's own: another account used on this device never sees them.
  const held = useQueueState().held.filter((item) => item.userId === (user?.uid ?? null));
  const [discarding, setDiscarding] = useState<HeldOp | null>(null);
  if (held.length === 0 && !discarding) return null;
  return (
    <section aria-label="Changes not saved" className="mb-4 space-y-3">
      {held.map((item) => {
        const { title, text, review } = heldEditText(item);
        return (
          <div
            key={item.key}
            role="alert"
            data-testid="held-edit"
            className="flex gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
          >
            <AlertTriangle className="mt-0.5 h-5 w-5 shrink-0 text-amber-600" aria-hidden="true" />
            <div className="min-w-0 flex-1">
              <p className="font-semibold break-words">{title}</p>
              <p className="mt-1 text-amber-900">{text}</p>
              <div className="mt-3 flex flex-wrap gap-2">
                <Button size="sm" onClick={() => onReview(item)}>
                  {review}
                </Button>
                <Button size="sm" variant="ghost" onClick={() => setDiscarding(item)}>
                  Discard
                </Button>
              </div>
            </div>
          </div>
        );
      })}
      <LazyConfirmDialog
        open={discarding !== null}
        onOpenChange={(open) => !open && setDiscarding(null)}
        title="Discard these changes?"
        description={`What you wrote for “${discarding?.body.name ?? ''}” will be lost. This cannot be undone.`}
        confirmLabel="Discard"
        destructive
        onConfirm={() => {
          if (discarding) onDiscard(discarding.key);
          setDiscarding(null);
        }}
      />
    </section>
  );
}

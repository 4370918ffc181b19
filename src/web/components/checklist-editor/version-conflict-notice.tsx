import { AlertTriangle } from 'lucide-react';
import { CHECKLIST_MESSAGES } from '#domain/checklist';
import { Button } from '../ui/button.tsx';

/**
 * Shown when a save met a newer version: the form now holds the latest checklist, and the user's
 * own edit is one click away (it is saved over the latest version only when they press Save again).
 */
export function VersionConflictNotice({ onReapply, onDismiss }: { onReapply(): void; onDismiss(): void }) {
  return (
    <div
      role="alert"
      className="mt-4 flex gap-3 rounded-xl border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950"
    >
      <AlertTriangle className="mt-0.5 h-5 w-5 shrink-0 text-amber-600" aria-hidden="true" />
      <div className="min-w-0">
        <p>{CHECKLIST_MESSAGES.versionConflict}</p>
        <p className="mt-1 text-amber-900">
          Your own edit was kept aside: you can put it back, then save it.
        </p>
        <div className="mt-3 flex flex-wrap gap-2">
          <Button size="sm" onClick={onReapply}>
            Reapply my changes
          </Button>
          <Button size="sm" variant="ghost" onClick={onDismiss}>
            Keep the latest version
          </Button>
        </div>
      </div>
    </div>
  );
}

import { BookmarkPlus, Copy, Loader2 } from 'lucide-react';
import { useState } from 'react';
import type { Checklist } from '#domain/checklist';
import {
  LazySaveTemplateDialog,
  preloadSaveTemplateDialog,
} from '../../components/templates/lazy-template-dialogs.tsx';
import { Button } from '../../components/ui/button.tsx';
import { useChecklistCopies } from '../../hooks/use-templates.ts';

/**
 * The owner's actions on a checklist beside the way back: 'Duplicate' (a copy opens) and 'Save as
 * template'. On a phone they are icons with their names for screen readers and as tooltips.
 */
export function ChecklistActions({ checklist }: { checklist: Pick<Checklist, 'id' | 'name'> }) {
  const copies = useChecklistCopies();
  const [saving, setSaving] = useState(false);
  const duplicating = copies.pending === checklist.id;
  return (
    <div className="flex shrink-0 items-center gap-1">
      <Button
        variant="ghost"
        size="sm"
        className="w-10 px-0 text-slate-700 sm:w-auto sm:px-3"
        title="Duplicate"
        disabled={duplicating}
        onClick={() => void copies.duplicate(checklist.id)}
      >
        {duplicating ? (
          <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
        ) : (
          <Copy className="h-4 w-4" aria-hidden="true" />
        )}
        <span className="sr-only sm:not-sr-only">Duplicate</span>
      </Button>
      <Button
        variant="ghost"
        size="sm"
        className="w-10 px-0 text-slate-700 sm:w-auto sm:px-3"
        title="Save as template"
        onPointerEnter={preloadSaveTemplateDialog}
        onFocus={preloadSaveTemplateDialog}
        onClick={() => setSaving(true)}
      >
        <BookmarkPlus className="h-4 w-4" aria-hidden="true" />
        <span className="sr-only sm:not-sr-only">Save as template</span>
      </Button>
      <LazySaveTemplateDialog
        open={saving}
        onOpenChange={setSaving}
        checklistId={checklist.id}
        checklistName={checklist.name}
      />
    </div>
  );
}

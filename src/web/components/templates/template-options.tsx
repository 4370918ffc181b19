import { Loader2, Trash2 } from 'lucide-react';
import type { TemplateSummary } from '#domain/templates';
import { TEMPLATE_TEXTS } from '../../hooks/use-templates.ts';
import { cn } from '../../lib/cn.ts';
import { Button } from '../ui/button.tsx';
import { Skeleton } from '../ui/skeleton.tsx';
import type { TemplateChoice } from './use-template-choice.ts';

/** The templates 'New from template' offers (new-from-template-dialog.tsx), built-in and the owner's. */

const taskCountText = (count: number) => `${count} ${count === 1 ? 'task' : 'tasks'}`;

/** One template to choose; the owner's own can be deleted, after a second press. */
function TemplateOption({ template, choice }: { template: TemplateSummary; choice: TemplateChoice }) {
  const { chosenId, deleting } = choice;
  return (
    <li className="flex items-stretch gap-1">
      <label
        className={cn(
          'flex min-h-14 min-w-0 flex-1 cursor-pointer items-center gap-3 rounded-xl border px-3 py-2 transition-colors',
          chosenId === template.id
            ? 'border-indigo-500 bg-indigo-50 ring-1 ring-indigo-500'
            : 'border-slate-200 hover:bg-slate-50',
        )}
      >
        <input
          type="radio"
          name="template"
          value={template.id}
          checked={chosenId === template.id}
          onChange={() => choice.choose(template.id)}
          className="h-4 w-4 shrink-0 accent-indigo-600"
        />
        <span className="min-w-0 flex-1">
          <span dir="auto" title={template.name} className="block truncate font-medium text-slate-900">
            {template.name}
          </span>
          <span className="block text-sm text-slate-600">{taskCountText(template.taskCount)}</span>
        </span>
      </label>
      {!template.builtIn &&
        (deleting?.id === template.id ? (
          <span className="flex shrink-0 flex-col justify-center gap-1">
            <Button
              variant="destructive"
              size="sm"
              className="h-8"
              disabled={deleting.busy}
              onClick={() => void choice.confirmDelete(template)}
            >
              {deleting.busy && <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />}
              Delete
            </Button>
            <Button variant="ghost" size="sm" className="h-8" onClick={() => choice.setDeleting(null)}>
              Keep
            </Button>
          </span>
        ) : (
          <Button
            variant="destructive-ghost"
            size="icon"
            className="h-auto min-h-14 w-11 shrink-0"
            aria-label={`Delete template “${template.name}”`}
            onClick={() => choice.setDeleting({ id: template.id, busy: false })}
          >
            <Trash2 className="h-4 w-4" aria-hidden="true" />
          </Button>
        ))}
    </li>
  );
}

/** The two lists of templates, or their placeholders while loading, or a way to try again. */
export function TemplateOptions({ choice }: { choice: TemplateChoice }) {
  const { templates, builtIn, own } = choice;
  const option = (template: TemplateSummary) => (
    <TemplateOption key={template.id} template={template} choice={choice} />
  );
  if (templates.isPending) {
    return (
      <div role="status" aria-busy="true" aria-label="Loading templates" className="space-y-2">
        <Skeleton className="h-14 w-full" />
        <Skeleton className="h-14 w-full" />
        <Skeleton className="h-14 w-full" />
      </div>
    );
  }
  if (templates.isError) {
    return (
      <div className="rounded-xl border border-slate-200 px-4 py-6 text-center text-sm text-slate-600">
        <p>{TEMPLATE_TEXTS.loadFailed}</p>
        <Button variant="secondary" size="sm" className="mt-3" onClick={() => void templates.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  return (
    <>
      <fieldset className="min-w-0">
        <legend className="text-sm font-semibold text-slate-900">Starting templates</legend>
        <ul className="mt-2 space-y-2">{builtIn.map(option)}</ul>
      </fieldset>
      <fieldset className="min-w-0">
        <legend className="text-sm font-semibold text-slate-900">Your templates</legend>
        {own.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">
            None yet. Open a checklist and choose Save as template to keep its tasks for next time.
          </p>
        ) : (
          <ul className="mt-2 space-y-2">{own.map(option)}</ul>
        )}
      </fieldset>
    </>
  );
}

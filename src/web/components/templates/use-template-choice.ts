import { type FormEvent, useEffect, useState } from 'react';
import type { TemplateSummary } from '#domain/templates';
import { useChecklistCopies, useDeleteTemplate, useTemplates } from '../../hooks/use-templates.ts';

/**
 * The state of 'New from template' (new-from-template-dialog.tsx): the templates, the one chosen, the
 * optional name, the owner's template being deleted, and what went wrong. Each opening starts afresh.
 */
export function useTemplateChoice(open: boolean, onOpenChange: (open: boolean) => void) {
  const templates = useTemplates(open);
  const copies = useChecklistCopies();
  const deleteTemplate = useDeleteTemplate();
  const [chosenId, setChosenId] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [deleting, setDeleting] = useState<{ id: string; busy: boolean } | null>(null);
  const [error, setError] = useState<string | null>(null);

  // Each opening starts afresh.
  useEffect(() => {
    if (open) {
      setChosenId(null);
      setName('');
      setDeleting(null);
      setError(null);
    }
  }, [open]);

  const list = templates.data ?? [];
  const chosen = list.find((template) => template.id === chosenId) ?? null;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!chosen) {
      setError('Choose a template.');
      return;
    }
    const made = await copies.fromTemplate(chosen.id, name.trim() || undefined);
    if (made) onOpenChange(false);
  }

  async function confirmDelete(template: TemplateSummary) {
    setDeleting({ id: template.id, busy: true });
    const failed = await deleteTemplate(template.id);
    setDeleting(null);
    if (failed) setError(failed);
    else if (chosenId === template.id) setChosenId(null);
  }

  return {
    templates,
    builtIn: list.filter((template) => template.builtIn),
    own: list.filter((template) => !template.builtIn),
    chosenId,
    chosen,
    choose(id: string) {
      setChosenId(id);
      setError(null);
    },
    name,
    setName,
    deleting,
    setDeleting,
    confirmDelete,
    error,
    /** A checklist is being made from a template. */
    busy: copies.pending !== null,
    submit,
  };
}

export type TemplateChoice = ReturnType<typeof useTemplateChoice>;

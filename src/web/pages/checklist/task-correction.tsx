import { useId, useState } from 'react';
import {
  GlossaryEntryInput,
  TASK_TEXT_FIELDS,
  type TaskTextField,
  TranslationCorrectionInput,
} from '#domain/glossary';
import { type LanguageCode, languageName } from '#domain/languages';
import { Checkbox, Label, Textarea } from '../../components/ui/field.tsx';
import { useCorrectionActions, useGlossaryActions } from '../../hooks/use-glossary.ts';
import { teamFailure } from '../../hooks/use-team-actions.ts';
import { issuesByField } from '../developer-settings/form-issues.ts';
import { FormFooter } from '../developer-settings/form-parts.tsx';
import { TermFields } from '../glossary-settings/term-fields.tsx';
import { changedWords } from './changed-words.ts';

export const CORRECTION_TEXTS = {
  save: 'Save correction',
  saving: 'Saving…',
  alsoGlossary: 'Also use for every checklist (add to glossary)',
  alsoGlossaryHint: 'The term is then translated this way in every checklist of your team.',
  glossaryFailed: (message: string) => `Your correction is saved, but the term was not added: ${message}`,
} as const;

export interface CorrectedTask {
  id: string;
  /** As written. */
  original: { description: string; details: string };
  /** As recipients read it now. */
  shown: { description: string; details: string };
}

/**
 * Correcting one task's translation: its description (and details, when it has them) as recipients
 * read them, editable; saved as the team's translation of that exact text. A manager may also add a
 * term to the glossary from it, its translation offered from the words the correction changed.
 */
export function TaskCorrection({
  checklistId,
  task,
  language,
  canAddToGlossary,
  onDone,
}: {
  checklistId: string;
  task: CorrectedTask;
  language: LanguageCode;
  canAddToGlossary: boolean;
  onDone(): void;
}) {
  const ids = useId();
  const { correct } = useCorrectionActions(checklistId);
  const { add } = useGlossaryActions();
  const fields = TASK_TEXT_FIELDS.filter((field) => task.original[field].trim() !== '');
  const [texts, setTexts] = useState<Record<TaskTextField, string>>({ ...task.shown });
  const [alsoGlossary, setAlsoGlossary] = useState(false);
  const [source, setSource] = useState('');
  const [target, setTarget] = useState('');
  const [issues, setIssues] = useState<Record<string, string | undefined>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const pending = correct.isPending || add.isPending;

  const setText = (field: TaskTextField, value: string) => {
    setTexts((old) => ({ ...old, [field]: value }));
    // The changed words offered as the term's translation, until the owner types their own.
    if (
      field === 'description' &&
      (target === '' || target === changedWords(task.shown.description, texts.description))
    ) {
      setTarget(changedWords(task.shown.description, value));
    }
  };

  async function save(event: React.FormEvent) {
    event.preventDefault();
    setFailure(null);
    const found: Record<string, string | undefined> = {};
    const changes = fields.filter((field) => texts[field] !== task.shown[field]);
    for (const field of fields) {
      const parsed = TranslationCorrectionInput.safeParse({ language, field, text: texts[field] });
      if (!parsed.success) found[field] = parsed.error.issues[0]?.message;
    }
    const entry = alsoGlossary ? GlossaryEntryInput.safeParse({ language, source, target }) : null;
    if (entry && !entry.success) Object.assign(found, issuesByField(entry.error.issues));
    setIssues(found);
    if (Object.values(found).some(Boolean)) return;
    try {
      for (const field of changes)
        await correct.mutateAsync({ taskId: task.id, language, field, text: texts[field] });
    } catch (error) {
      setFailure(teamFailure(error));
      return;
    }
    if (entry?.success) {
      try {
        await add.mutateAsync(entry.data);
      } catch (error) {
        setFailure(CORRECTION_TEXTS.glossaryFailed(teamFailure(error)));
        return;
      }
    }
    onDone();
  }

  return (
    <form
      onSubmit={(event) => void save(event)}
      className="mt-3 grid gap-4 rounded-xl border border-slate-200 bg-slate-50 p-3 sm:p-4"
      noValidate
      data-testid="task-correction"
    >
      {fields.map((field) => (
        <div key={field} className="grid gap-1.5">
          <Label htmlFor={`${ids}-${field}`}>
            {field === 'description' ? 'Task' : 'Details'} in {languageName(language)}
          </Label>
          <p className="text-xs text-slate-500">
            Written: <bdi dir="auto">{task.original[field]}</bdi>
          </p>
          <Textarea
            id={`${ids}-${field}`}
            lang={language}
            rows={field === 'description' ? 2 : 3}
            value={texts[field]}
            aria-invalid={issues[field] ? true : undefined}
            onChange={(event) => setText(field, event.target.value)}
          />
          {issues[field] && <p className="text-sm text-red-700">{issues[field]}</p>}
        </div>
      ))}
      {canAddToGlossary && (
        <div className="grid gap-3">
          <div className="flex items-start gap-3">
            <Checkbox
              id={`${ids}-glossary`}
              checked={alsoGlossary}
              aria-describedby={`${ids}-glossary-hint`}
              onChange={(event) => setAlsoGlossary(event.target.checked)}
            />
            <div className="grid gap-0.5">
              <label htmlFor={`${ids}-glossary`} className="text-sm font-medium text-slate-900">
                {CORRECTION_TEXTS.alsoGlossary}
              </label>
              <p id={`${ids}-glossary-hint`} className="text-xs text-slate-600">
                {CORRECTION_TEXTS.alsoGlossaryHint}
              </p>
            </div>
          </div>
          {alsoGlossary && (
            <TermFields
              ids={ids}
              language={language}
              source={source}
              target={target}
              issues={issues}
              onSource={setSource}
              onTarget={setTarget}
            />
          )}
        </div>
      )}
      <FormFooter
        failure={failure}
        pending={pending}
        submitLabel={CORRECTION_TEXTS.save}
        pendingLabel={CORRECTION_TEXTS.saving}
        onCancel={onDone}
      />
    </form>
  );
}

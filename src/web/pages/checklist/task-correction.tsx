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
  const form = useTaskCorrection(checklistId, task, language, onDone);

  return (
    <form
      onSubmit={(event) => void form.save(event)}
      className="mt-3 grid gap-4 rounded-xl border border-slate-200 bg-slate-50 p-3 sm:p-4"
      noValidate
      data-testid="task-correction"
    >
      {form.fields.map((field) => (
        <CorrectedText
          key={field}
          id={`${ids}-${field}`}
          field={field}
          language={language}
          written={task.original[field]}
          value={form.texts[field]}
          issue={form.issues[field]}
          onChange={(value) => form.setText(field, value)}
        />
      ))}
      {canAddToGlossary && (
        <AddToGlossary ids={ids} language={language} term={form.term} issues={form.issues} />
      )}
      <FormFooter
        failure={form.failure}
        pending={form.pending}
        submitLabel={CORRECTION_TEXTS.save}
        pendingLabel={CORRECTION_TEXTS.saving}
        onCancel={onDone}
      />
    </form>
  );
}

/** The glossary term a correction may add: whether to, and its source and translation. */
interface TermDraft {
  wanted: boolean;
  setWanted(wanted: boolean): void;
  source: string;
  setSource(source: string): void;
  target: string;
  setTarget(target: string): void;
}

/** The correction's state and its saving: the changed texts first, then the term when one is asked for. */
function useTaskCorrection(
  checklistId: string,
  task: CorrectedTask,
  language: LanguageCode,
  onDone: () => void,
) {
  const { correct } = useCorrectionActions(checklistId);
  const { add } = useGlossaryActions();
  const fields = TASK_TEXT_FIELDS.filter((field) => task.original[field].trim() !== '');
  const [texts, setTexts] = useState<Record<TaskTextField, string>>({ ...task.shown });
  const [alsoGlossary, setAlsoGlossary] = useState(false);
  const [source, setSource] = useState('');
  const [target, setTarget] = useState('');
  const [issues, setIssues] = useState<Record<string, string | undefined>>({});
  const [failure, setFailure] = useState<string | null>(null);

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

  const term: TermDraft = {
    wanted: alsoGlossary,
    setWanted: setAlsoGlossary,
    source,
    setSource,
    target,
    setTarget,
  };
  return { fields, texts, setText, term, issues, failure, pending: correct.isPending || add.isPending, save };
}

/** One text as recipients read it, editable, under the text as written. */
function CorrectedText({
  id,
  field,
  language,
  written,
  value,
  issue,
  onChange,
}: {
  id: string;
  field: TaskTextField;
  language: LanguageCode;
  written: string;
  value: string;
  issue: string | undefined;
  onChange(value: string): void;
}) {
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>
        {field === 'description' ? 'Task' : 'Details'} in {languageName(language)}
      </Label>
      <p className="text-xs text-slate-500">
        Written: <bdi dir="auto">{written}</bdi>
      </p>
      <Textarea
        id={id}
        lang={language}
        rows={field === 'description' ? 2 : 3}
        value={value}
        aria-invalid={issue ? true : undefined}
        onChange={(event) => onChange(event.target.value)}
      />
      {issue && <p className="text-sm text-red-700">{issue}</p>}
    </div>
  );
}

/** The manager's choice to add a term to the glossary with the correction, and the term when chosen. */
function AddToGlossary({
  ids,
  language,
  term,
  issues,
}: {
  ids: string;
  language: LanguageCode;
  term: TermDraft;
  issues: Record<string, string | undefined>;
}) {
  return (
    <div className="grid gap-3">
      <div className="flex items-start gap-3">
        <Checkbox
          id={`${ids}-glossary`}
          checked={term.wanted}
          aria-describedby={`${ids}-glossary-hint`}
          onChange={(event) => term.setWanted(event.target.checked)}
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
      {term.wanted && (
        <TermFields
          ids={ids}
          language={language}
          source={term.source}
          target={term.target}
          issues={issues}
          onSource={term.setSource}
          onTarget={term.setTarget}
        />
      )}
    </div>
  );
}

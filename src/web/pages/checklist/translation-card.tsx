import { Languages, Pencil } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import type { Checklist } from '#domain/checklist';
import type { ChecklistTranslation, TaskTextField } from '#domain/glossary';
import { type LanguageCode, languageName } from '#domain/languages';
import { canManageMembers } from '#domain/teams';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useChecklistTranslation, useCorrectionActions } from '../../hooks/use-glossary.ts';
import { useOwnerLanguage } from '../../hooks/use-owner-language.ts';
import { useShares } from '../../hooks/use-shares.ts';
import { useTeam } from '../../hooks/use-team.ts';
import { teamFailure } from '../../hooks/use-team-actions.ts';
import { useToast } from '../../hooks/use-toast.ts';
import { ChunkBoundary, lazyChunk } from '../../lib/lazy-chunk.tsx';

export const TRANSLATION_CARD_TEXTS = {
  title: 'What recipients read',
  show: 'Show',
  hide: 'Hide',
  intro: (language: string) =>
    `The tasks as your recipients read them in ${language}. Correct one if the translation is wrong.`,
  correct: 'Correct',
  corrected: 'Your correction',
  undo: 'Use machine translation',
  undoFailed: 'Your correction is still used',
  notes: {
    pending: 'Translating… this takes a moment.',
    failed: 'Translation isn’t available right now; it is tried again shortly.',
    unavailable: 'No automatic translation is available for this language.',
  },
  loadFailed: 'The translation could not be loaded.',
  glossaryLink: 'Glossary',
} as const;

// The correction form (and with it the glossary's request schemas, zod) is code behind 'Correct':
// fetched when the tasks are shown or the button is pointed at, never in the page's first load
// (decision 0062).
const taskCorrection = lazyChunk(() =>
  import('./task-correction.tsx').then((module) => module.TaskCorrection),
);

/** Starts downloading the correction form (the web tests load it before each file, as a browser has it). */
export const preloadTaskCorrection = taskCorrection.preload;

/**
 * On the owner's checklist page, for a checklist shared in another language: its tasks as a recipient
 * reads them (asked only when opened), each with 'Correct'. Nothing when every share is in the
 * owner's own language.
 */
export function TranslationCard({ checklist }: { checklist: Checklist }) {
  const ids = useId();
  const shares = useShares(checklist.id);
  const { language: ownerLanguage } = useOwnerLanguage();
  const languages = [...new Set((shares.data ?? []).map((share) => share.targetLanguage))].filter(
    (code) => code !== ownerLanguage,
  );
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<LanguageCode | null>(null);
  const language = chosen && languages.includes(chosen) ? chosen : (languages[0] ?? null);
  const view = useChecklistTranslation(checklist.id, language, open);
  if (!language) return null;

  return (
    <Card
      className="mt-6 px-4 py-3 sm:px-5"
      role="region"
      aria-labelledby={`${ids}-title`}
      data-testid="translation-card"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={`${ids}-title`} className="flex items-center gap-2 text-base font-semibold text-slate-900">
          <Languages className="h-4 w-4 text-slate-500" aria-hidden="true" />
          {TRANSLATION_CARD_TEXTS.title}
        </h2>
        <div className="flex items-center gap-2">
          {languages.length > 1 && (
            <select
              aria-label="Language"
              className="h-9 rounded-lg border border-slate-300 bg-white px-2 text-sm text-slate-900"
              value={language}
              onChange={(event) => setChosen(event.target.value as LanguageCode)}
            >
              {languages.map((code) => (
                <option key={code} value={code}>
                  {languageName(code)}
                </option>
              ))}
            </select>
          )}
          <Button variant="secondary" size="sm" aria-expanded={open} onClick={() => setOpen(!open)}>
            {open ? TRANSLATION_CARD_TEXTS.hide : `${TRANSLATION_CARD_TEXTS.show} ${languageName(language)}`}
          </Button>
        </div>
      </div>
      {open && <TranslatedTasks checklist={checklist} language={language} view={view} />}
    </Card>
  );
}

function TranslatedTasks({
  checklist,
  language,
  view,
}: {
  checklist: Checklist;
  language: LanguageCode;
  view: ReturnType<typeof useChecklistTranslation>;
}) {
  const team = useTeam();
  const { undo } = useCorrectionActions(checklist.id);
  const { toast } = useToast();
  const [editing, setEditing] = useState<string | null>(null);
  const data: ChecklistTranslation | undefined = view.data;
  useEffect(() => void preloadTaskCorrection(), []);
  if (view.isError) return <p className="py-3 text-sm text-slate-600">{TRANSLATION_CARD_TEXTS.loadFailed}</p>;
  if (!data) return <Skeleton className="my-3 h-24 w-full" />;
  const canAddToGlossary = team.data ? canManageMembers(team.data.myRole) : false;
  const note = data.translationNote;
  const undoCorrection = (taskId: string, fields: readonly TaskTextField[]) =>
    void Promise.all(fields.map((field) => undo.mutateAsync({ taskId, language, field }))).catch(
      (error: unknown) =>
        toast({
          title: TRANSLATION_CARD_TEXTS.undoFailed,
          description: teamFailure(error),
          variant: 'destructive',
        }),
    );

  return (
    <div className="pb-2">
      <p className="mt-2 text-sm text-slate-600">{TRANSLATION_CARD_TEXTS.intro(languageName(language))}</p>
      {note && (
        <p className="mt-2 text-sm text-amber-900" role="status">
          {TRANSLATION_CARD_TEXTS.notes[note]}
        </p>
      )}
      <ol className="mt-2 divide-y divide-slate-100" aria-label={`Tasks in ${languageName(language)}`}>
        {checklist.tasks.map((task, index) => {
          const shown = data.tasks.find((t) => t.id === task.id);
          if (!shown) return null;
          return (
            <TranslatedTask
              key={task.id}
              checklistId={checklist.id}
              task={task}
              index={index}
              shown={shown}
              language={language}
              correctable={editing !== task.id && data.translated}
              editing={editing === task.id}
              canAddToGlossary={canAddToGlossary}
              undoing={undo.isPending}
              onUndo={() => undoCorrection(task.id, shown.corrected)}
              onEdit={() => setEditing(task.id)}
              onDone={() => setEditing(null)}
            />
          );
        })}
      </ol>
    </div>
  );
}

/** One task as recipients read it, above it as written; 'Correct' opens its correction in place. */
function TranslatedTask({
  checklistId,
  task,
  index,
  shown,
  language,
  correctable,
  editing,
  canAddToGlossary,
  undoing,
  onUndo,
  onEdit,
  onDone,
}: {
  checklistId: string;
  task: Checklist['tasks'][number];
  index: number;
  shown: ChecklistTranslation['tasks'][number];
  language: LanguageCode;
  correctable: boolean;
  editing: boolean;
  canAddToGlossary: boolean;
  undoing: boolean;
  onUndo(): void;
  onEdit(): void;
  onDone(): void;
}) {
  return (
    <li className="py-3" data-testid="translated-task">
      <div className="flex items-start gap-3">
        <span className="mt-0.5 w-5 shrink-0 text-sm text-slate-400">{index + 1}.</span>
        <div className="min-w-0 flex-1">
          <p className="text-sm font-medium break-words text-slate-900" lang={language} dir="auto">
            {shown.description}
          </p>
          {shown.details && (
            <p className="mt-0.5 text-sm break-words text-slate-600" lang={language} dir="auto">
              {shown.details}
            </p>
          )}
          <p className="mt-0.5 text-xs break-words text-slate-500" dir="auto">
            {task.description}
          </p>
          {shown.corrected.length > 0 && <CorrectedMark undoing={undoing} onUndo={onUndo} />}
        </div>
        {correctable && (
          <Button
            variant="ghost"
            size="sm"
            className="shrink-0"
            onClick={onEdit}
            onPointerEnter={preloadTaskCorrection}
            onFocus={preloadTaskCorrection}
          >
            <Pencil className="h-4 w-4" aria-hidden="true" />
            {TRANSLATION_CARD_TEXTS.correct} <span className="sr-only">task {index + 1}</span>
          </Button>
        )}
      </div>
      {editing && (
        <ChunkBoundary
          chunk={taskCorrection}
          fallback={<Skeleton className="mt-3 h-40 w-full" />}
          failed={null}
          onLoadFailed={onDone}
        >
          <taskCorrection.Component
            checklistId={checklistId}
            task={correctedTask(task, shown)}
            language={language}
            canAddToGlossary={canAddToGlossary}
            onDone={onDone}
          />
        </ChunkBoundary>
      )}
    </li>
  );
}

function correctedTask(task: Checklist['tasks'][number], shown: ChecklistTranslation['tasks'][number]) {
  return {
    id: task.id,
    original: { description: task.description, details: task.details },
    shown: { description: shown.description, details: shown.details },
  };
}

/** A task the team corrected: says so, and offers the machine translation back. */
function CorrectedMark({ undoing, onUndo }: { undoing: boolean; onUndo(): void }) {
  return (
    <p className="mt-1 flex flex-wrap items-center gap-2">
      <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800">
        {TRANSLATION_CARD_TEXTS.corrected}
      </span>
      <Button variant="subtle" size="sm" className="h-7 px-2 text-xs" disabled={undoing} onClick={onUndo}>
        {TRANSLATION_CARD_TEXTS.undo}
      </Button>
    </p>
  );
}

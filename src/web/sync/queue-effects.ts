import type { QueryClient } from '@tanstack/react-query';
import { type Checklist, type ChecklistSummary, summarizeChecklist, type Task } from '#domain/checklist';
import { TEAM_MESSAGES } from '#domain/teams';
import { type MessageKey, translate, uiLanguage } from '../i18n/i18n.tsx';
import { isApiError } from '../lib/api.ts';
import { cachedRevision, markRevision } from '../lib/copy-revisions.ts';
import { withTaskFromServer } from './checklist-optimistic.ts';
import { type ChecklistQuerySlot, writeChecklistAt } from './checklist-slot.ts';
import { isDraftOp, type QueuedOp } from './operations.ts';
import {
  type CachedChecklistList,
  changeListRows,
  checklistKeys,
  ownerChecklistSlot,
  refreshChecklistData,
} from './owner-checklist-slot.ts';
import { sharedChecklistSlot } from './shared-checklist-slot.ts';
import { isRemovedFromTeam } from './team-refusals.ts';

/**
 * What the offline queue's results do to the page: answers go into the right place of the query
 * cache, refusals are put in words. Loaded apart from the app's entry (it brings the checklist rules),
 * ahead of first use (lazy.ts).
 */

// The tab's queue asks through here (it is loaded with the refusal's toast anyway).
export { isRemovedFromTeam };

/** Where an operation's checklist is cached: the owner's copy by id, a recipient's by the share's token. */
export function slotForOp(op: Pick<QueuedOp, 'checklistId' | 'context'>): ChecklistQuerySlot {
  return op.context.kind === 'share'
    ? sharedChecklistSlot(op.context.token, op.checklistId)
    : ownerChecklistSlot(op.checklistId);
}

/** What a toast says (components/ui/toast.tsx shows it). */
export interface SyncNotice {
  title: string;
  description: string;
  variant: 'destructive';
}

function quoted(text: string | undefined): string {
  return text ? `“${text}”` : 'a task';
}

/** Where the owner's checklists are listed (one list per signed-in user) and what a row holds. */
function writeOwnerLists(
  queryClient: QueryClient,
  change: (rows: ChecklistSummary[]) => ChecklistSummary[],
): void {
  queryClient.setQueriesData<CachedChecklistList>(
    { queryKey: checklistKeys.all, predicate: (query) => typeof query.queryKey[1] === 'object' },
    (list) => list && changeListRows(list, change),
  );
}

/**
 * An editor's save or a delete, once the server has it: the checklist's own copy and the dashboard's
 * rows take the answer at once (the row does not blink out between the pending copy and a refetch).
 * An edit's answer older than the copy held is not written over it (see `applyAnswer`). Whether the
 * copy is known to be as new as the answer (only an edit's, with its revision, can say so).
 */
function applyOwnerAnswer(
  queryClient: QueryClient,
  op: QueuedOp,
  result: unknown,
  revision: number | null,
): boolean {
  let current = false;
  if (op.kind === 'delete') {
    queryClient.removeQueries({ queryKey: checklistKeys.detail(op.checklistId), exact: true });
    writeOwnerLists(queryClient, (rows) => rows.filter((row) => row.id !== op.checklistId));
  } else if (result && typeof result === 'object') {
    const checklist = result as Checklist;
    const key = checklistKeys.detail(checklist.id);
    const held = cachedRevision(queryClient, key);
    if (revision === null || held === undefined || held <= revision) {
      queryClient.setQueryData(key, markRevision(checklist, revision));
    }
    current = op.kind === 'edit' && revision !== null && held !== undefined;
    const row = summarizeChecklist(checklist);
    writeOwnerLists(queryClient, (rows) =>
      rows.some((item) => item.id === row.id)
        ? rows.map((item) => (item.id === row.id ? row : item))
        : [row, ...rows],
    );
  }
  void refreshChecklistData(queryClient, { details: false });
  return current;
}

/**
 * What was not saved, in the person's words: "Ticking “Mop the floor”" (a recipient's changes in the
 * page's language; the owner's own edits in English, like the rest of the owner's pages).
 */
export function describeOp(op: QueuedOp, checklist: Checklist | undefined): string {
  const task = 'taskId' in op ? checklist?.tasks.find((item) => item.id === op.taskId) : undefined;
  const named = { task: task?.description ?? '…' };
  switch (op.kind) {
    case 'toggle':
      return translate(op.completed ? 'sync.tick' : 'sync.untick', named);
    case 'remove-photo':
      return translate('sync.removePhoto', named);
    case 'photo':
      return translate('sync.photo', named);
    case 'remarks':
      return translate('sync.remarks');
    case 'submit':
      return translate('sync.submit');
    case 'create':
      return `Creating ${quoted(op.body.name)}`;
    case 'edit':
      return `Your changes to ${quoted(op.body.name)}`;
    case 'delete':
      return `Deleting ${quoted(checklist?.name)}`;
    case 'assign': {
      const which = checklist ? `“${checklist.name}”` : 'a checklist';
      return op.assignee ? `Assigning ${which} to ${op.assignee.displayName}` : `Unassigning ${which}`;
    }
  }
}

/** Refusals a recipient can meet, by the server's code, in the page's words. */
const REFUSALS: Record<string, MessageKey> = {
  verification_required: 'sync.accessEnded',
  share_not_found: 'sync.accessEnded',
  not_found: 'sync.gone',
  validation_failed: 'sync.tooLong',
};

/** Why: the server's own text in English; in any other language the catalog's words for its code. */
function reasonOf(error: unknown, op?: Pick<QueuedOp, 'context'>): string {
  if (uiLanguage() !== 'en') {
    // A full storage (docs/storage.md) is told to the team and to a recipient in different words.
    if (isApiError(error) && error.code === 'storage_quota_exceeded') {
      return translate(
        op?.context.kind === 'share' ? 'photo.storageFullRecipient' : 'photo.storageFullOwner',
      );
    }
    return translate((isApiError(error) && REFUSALS[error.code ?? '']) || 'sync.refused');
  }
  const text = isApiError(error) ? (error.serverMessage ?? error.message) : String(error);
  return /[.!?]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`;
}

/**
 * The server's answer into the cache the change came from; the owner's list and counters follow.
 * `revision`: the revision of the checklist the answer holds (its X-Checklist-Revision header), null
 * when it names none (a replayed answer, a photo's task).
 *
 * An answer older than the copy held (a live update of a later change came first) is not written: the
 * copy has this change and more. Answers true when the copy is known to hold the state of this answer
 * or a later one, so it need not be read again once the queue is empty; false when it must be
 * (docs/decisions/0007): the answer was not a whole checklist (a photo's task), named no revision, or
 * the copy it replaced was of an unknown revision, or a read of it was on its way and is cancelled here.
 */
export function applyAnswer(
  queryClient: QueryClient,
  op: QueuedOp,
  result: unknown,
  revision: number | null = null,
): boolean {
  if (op.kind === 'create' || op.kind === 'edit' || op.kind === 'delete') {
    return applyOwnerAnswer(queryClient, op, result, revision);
  }
  const slot = slotForOp(op);
  // A read on its way may predate this change: it is dropped, and the copy read again at the end.
  const reading = queryClient.isFetching({ queryKey: slot.key, exact: true }) > 0;
  void queryClient.cancelQueries({ queryKey: slot.key, exact: true });
  let current = false;
  if (op.kind === 'photo') slot.write(queryClient, (old) => withTaskFromServer(old, result as Task));
  else if (!result || typeof result !== 'object') current = false;
  else if (revision !== null) {
    const written = writeChecklistAt(queryClient, slot, result as Checklist, revision);
    current = written === 'written' || written === 'newer-held';
  } else if (op.kind === 'remarks') {
    // Of an unknown revision: only what this change wrote is taken (the rest may be older).
    slot.write(queryClient, (old) => ({ ...old, remarks: (result as Checklist).remarks }));
  } else slot.write(queryClient, () => result as Checklist);
  // The dashboard's row names the assignee too: it takes the answer's at once, not after a refetch.
  if (op.kind === 'assign' && result && typeof result === 'object') {
    const { assignee } = result as Checklist;
    writeOwnerLists(queryClient, (rows) =>
      rows.map((row) => (row.id === op.checklistId ? { ...row, assignee } : row)),
    );
  }
  void slot.refreshRelated(queryClient);
  return current && !reading;
}

/** The title over TEAM_MESSAGES.removedFromTeam, said once however many changes it refused. */
export const REMOVED_FROM_TEAM_TITLE = 'Changes not saved';

export const HELD_MESSAGES = {
  title: 'Not saved yet',
  kept: 'What you wrote is kept: review it on the dashboard.',
  conflict: 'the checklist was changed elsewhere meanwhile.',
} as const;

/** The toast for a refused change: a tick keeps the spec's words, and every one says what was not saved. */
export function refusalToast(queryClient: QueryClient, op: QueuedOp, error: unknown): SyncNotice {
  // The server's own words, as they are: they say what happened to every change to its checklists.
  if (isRemovedFromTeam(error)) {
    return {
      title: REMOVED_FROM_TEAM_TITLE,
      description: TEAM_MESSAGES.removedFromTeam,
      variant: 'destructive',
    };
  }
  if (isDraftOp(op)) {
    // The server's words for a conflict speak to an open editor; here the editor is long closed.
    const reason =
      isApiError(error) && error.code === 'version_conflict' ? HELD_MESSAGES.conflict : reasonOf(error);
    const what = describeOp(op, slotForOp(op).read(queryClient));
    return {
      title: HELD_MESSAGES.title,
      description: `${what} could not be saved: ${reason} ${HELD_MESSAGES.kept}`,
      variant: 'destructive',
    };
  }
  const what = translate('sync.notSaved', {
    what: describeOp(op, slotForOp(op).read(queryClient)),
    reason: reasonOf(error, op),
  });
  return op.kind === 'toggle'
    ? {
        title: translate('common.error'),
        description: `${translate('task.failed')} ${what}`,
        variant: 'destructive',
      }
    : { title: translate('sync.notSavedTitle'), description: what, variant: 'destructive' };
}

import { useQueryClient } from '@tanstack/react-query';
import type { Checklist } from '#domain/checklist';
import { TEAM_MESSAGES, type TeamPerson } from '#domain/teams';
import type { SaveOutcome } from '../../components/checklist-editor/checklist-editor.tsx';
import { useAuth } from '../../hooks/use-auth.tsx';
import { fetchChecklist } from '../../hooks/use-checklists.ts';
import { useOfflineQueue } from '../../hooks/use-offline-queue.tsx';
import type { usePlanLimit } from '../../hooks/use-plan-limit.ts';
import { type ApiError, isApiError } from '../../lib/api.ts';
import {
  type ChecklistBody,
  checklistKeys,
  isRemovedFromTeam,
  newChecklistId,
  type OpContext,
  type OpOutcome,
} from '../../sync/index.ts';
import type { EditorState } from './use-checklist-editor.ts';

const OWNER: OpContext = { kind: 'owner' };

function errorExtra(error: ApiError, key: string): unknown {
  const body = error.body as { error?: Record<string, unknown> } | null;
  return body?.error?.[key];
}

function isChecklist(value: unknown): value is Checklist {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as Checklist).id === 'string' &&
    Array.isArray((value as Checklist).tasks) &&
    typeof (value as Checklist).version === 'number'
  );
}

/**
 * Saving the inline editor: queued, then told as saved or queued, and a new assignee queued after it; a
 * version conflict reopens the editor on the latest version, the plan limit is handled by its dialog, a
 * refusal says what to fix.
 */
export function useEditorSave(
  editor: EditorState,
  setEditor: (state: EditorState) => void,
  planLimit: ReturnType<typeof usePlanLimit>,
) {
  const queryClient = useQueryClient();
  const { user } = useAuth();
  const uid = user?.uid ?? null;
  const queue = useOfflineQueue();

  /**
   * Stored first and sent through the offline queue: offline, the save waits on this device. Answers
   * what became of it, and the checklist's id (a stand-in until a created one is saved).
   */
  async function send(body: ChecklistBody, version: number | null): Promise<[OpOutcome, string]> {
    if (editor.mode === 'edit') {
      const { checklist } = editor;
      const input = { kind: 'edit' as const, body, version: version ?? checklist.version, userId: uid };
      return [await queue.enqueue(checklist.id, OWNER, input), checklist.id];
    }
    const key = crypto.randomUUID();
    const input = { kind: 'create' as const, body, userId: uid };
    const outcome = await queue.enqueue(newChecklistId(key), OWNER, input, undefined, key);
    const saved = outcome.status === 'applied' && isChecklist(outcome.result) ? outcome.result.id : null;
    return [outcome, saved ?? newChecklistId(key)];
  }

  return async function save(
    body: ChecklistBody,
    version: number | null,
    assignee?: TeamPerson | null,
  ): Promise<SaveOutcome> {
    const editing = editor.mode === 'edit' ? editor.checklist : null;
    try {
      const [outcome, id] = await send(body, version);
      if (outcome.status === 'rejected') throw outcome.error;
      // Who works on it follows the checklist through the queue (a created one's stand-in id is
      // replaced by its real one once saved); a refusal of it is the queue's to tell.
      if (assignee !== undefined) void queue.enqueue(id, OWNER, { kind: 'assign', assignee });
      if (editor.mode !== 'closed' && editor.heldKey) queue.release(editor.heldKey);
      setEditor({ mode: 'closed' });
      return { status: outcome.status === 'applied' ? 'saved' : 'queued' };
    } catch (error) {
      if (planLimit.handledLimit(error)) return { status: 'handled' };
      if (editing && isApiError(error) && error.code === 'version_conflict') {
        const current = errorExtra(error, 'checklist');
        const fresh = isChecklist(current) ? current : await fetchChecklist(editing.id).catch(() => null);
        if (fresh) {
          queryClient.setQueryData(checklistKeys.detail(fresh.id), fresh);
          setEditor({
            mode: 'edit',
            checklist: fresh,
            heldKey: editor.mode === 'edit' ? editor.heldKey : undefined,
          });
          return { status: 'conflict' };
        }
      }
      console.warn(editing ? 'Updating the checklist failed' : 'Creating the checklist failed', error);
      // The server checks what the editor checks, plus bounds; its message says what to fix. Removed
      // from the team meanwhile: its words say the checklist is out of reach.
      if (isRemovedFromTeam(error)) return { status: 'failed', message: TEAM_MESSAGES.removedFromTeam };
      if (isApiError(error) && error.code === 'validation_failed' && error.serverMessage) {
        return { status: 'failed', message: error.serverMessage };
      }
      return { status: 'failed' };
    }
  };
}

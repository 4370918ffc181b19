import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { TEAM_MESSAGES } from '#domain/teams';
import { act, render, waitFor } from '#tests/support/preact-testing-library';
import { ANA, ANA_USER, BEN, checklistFixture } from '#tests/support/team-fixtures';
import { jsonResponse, mockFetchEachTest, writePublicConfig } from '#tests/support/web-components';
import type { SaveOutcome } from '../../components/checklist-editor/checklist-editor.tsx';
import { ToastProvider } from '../../components/ui/toast.tsx';
import { AuthProvider, useAuth } from '../../hooks/use-auth.tsx';
import { OfflineQueueProvider } from '../../hooks/use-offline-queue.tsx';
import type { usePlanLimit } from '../../hooks/use-plan-limit.ts';
import { ApiError } from '../../lib/api.ts';
import { memoryBlobStore, memoryOpStore, type OpTransport, type QueuedOp } from '../../sync/index.ts';
import type { EditorState } from './use-checklist-editor.ts';
import { useEditorSave } from './use-editor-save.ts';

/**
 * The editor's save with a new assignee: the checklist first, then PATCH {assigneeUid} on it through
 * the offline queue, on its real id (a checklist created offline gets it once it is saved); nothing
 * assigned when the checklist itself was refused.
 */

const fetchMock = mockFetchEachTest();
beforeAll(() => writePublicConfig({}));
beforeEach(() => {
  fetchMock.mockImplementation(async (input) =>
    String(input) === '/api/auth/me' ? jsonResponse(200, { user: ANA_USER }) : jsonResponse(200, {}),
  );
});

const SAVED = checklistFixture({ id: 'checklist_9', name: 'Garden', createdBy: ANA });
const BODY = { name: 'Garden', tasks: [{ description: 'Mow the lawn' }] };
const NO_LIMIT = { handledLimit: () => false } as unknown as ReturnType<typeof usePlanLimit>;

type Save = ReturnType<typeof useEditorSave>;

function Harness({ editor, onSave }: { editor: EditorState; onSave(save: Save): void }) {
  const signedIn = useAuth().user !== null;
  const save = useEditorSave(editor, () => undefined, NO_LIMIT);
  if (signedIn) onSave(save);
  return null;
}

/** The editor's save over a queue whose server answers with `answer` (or refuses with what it throws). */
async function renderSave(editor: EditorState, answer: (op: QueuedOp) => unknown) {
  const sent: QueuedOp[] = [];
  const transport: OpTransport = {
    send: async (op) => {
      sent.push(structuredClone(op));
      return { result: answer(op), revision: sent.length };
    },
  };
  let save: Save | null = null;
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ToastProvider>
        <OfflineQueueProvider ops={memoryOpStore()} blobs={memoryBlobStore()} transport={transport}>
          <AuthProvider>
            <Harness
              editor={editor}
              onSave={(given) => {
                save = given;
              }}
            />
          </AuthProvider>
        </OfflineQueueProvider>
      </ToastProvider>
    </QueryClientProvider>,
  );
  await waitFor(() => expect(save).not.toBeNull());
  return { save: save as unknown as Save, sent };
}

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 30)));
const route = (op: QueuedOp) =>
  `${op.kind} ${op.checklistId.startsWith('new:') ? 'new:…' : op.checklistId}${
    op.kind === 'assign' ? ` → ${op.assignee?.uid ?? 'nobody'}` : ''
  }`;

describe('saving the editor with a new assignee', () => {
  it('a new checklist is created, then assigned on its real id', async () => {
    const { save, sent } = await renderSave({ mode: 'create' }, (op) =>
      op.kind === 'assign' ? { ...SAVED, assignee: BEN } : SAVED,
    );
    let outcome: SaveOutcome | null = null;
    await act(async () => {
      outcome = await save(BODY, null, BEN);
    });
    expect(outcome).toEqual({ status: 'saved' });
    await settle();
    expect(sent.map(route)).toEqual(['create new:…', 'assign checklist_9 → u_ben']);
  });

  it('offline: both wait on this device, and the assignment follows the checklist to its real id', async () => {
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      const { save, sent } = await renderSave({ mode: 'create' }, () => SAVED);
      let outcome: SaveOutcome | null = null;
      await act(async () => {
        outcome = await save(BODY, null, BEN);
      });
      expect(outcome).toEqual({ status: 'queued' });
      await settle();
      expect(sent).toEqual([]);
      online.mockReturnValue(true);
      await act(async () => void window.dispatchEvent(new Event('online')));
      await waitFor(() => expect(sent.map(route)).toEqual(['create new:…', 'assign checklist_9 → u_ben']));
    } finally {
      online.mockRestore();
    }
  });

  it('an edit is saved, then unassigned; an edit with the assignee unchanged sends no PATCH', async () => {
    const editor: EditorState = { mode: 'edit', checklist: { ...SAVED, assignee: BEN } };
    const { save, sent } = await renderSave(editor, () => SAVED);
    await act(async () => void (await save(BODY, 1, null)));
    await settle();
    expect(sent.map(route)).toEqual(['edit checklist_9', 'assign checklist_9 → nobody']);
    await act(async () => void (await save(BODY, 2, undefined)));
    await settle();
    expect(sent.map(route)).toEqual(['edit checklist_9', 'assign checklist_9 → nobody', 'edit checklist_9']);
  });

  it('a checklist the server refused is not assigned', async () => {
    const limit = new ApiError(
      403,
      '',
      JSON.stringify({ error: { code: 'plan_limit_reached', message: 'Limit', limit: 5 } }),
    );
    const { save, sent } = await renderSave({ mode: 'create' }, () => {
      throw limit;
    });
    let outcome: SaveOutcome | null = null;
    await act(async () => {
      outcome = await save(BODY, null, BEN);
    });
    expect(outcome).toEqual({ status: 'failed' });
    await settle();
    expect(sent.map(route)).toEqual(['create new:…']);
  });

  it('removed from the team: the editor is told in the server’s words', async () => {
    const removed = new ApiError(
      404,
      '',
      JSON.stringify({ error: { code: 'not_found', message: TEAM_MESSAGES.removedFromTeam } }),
    );
    const editor: EditorState = { mode: 'edit', checklist: SAVED };
    const { save, sent } = await renderSave(editor, () => {
      throw removed;
    });
    let outcome: SaveOutcome | null = null;
    await act(async () => {
      outcome = await save(BODY, 1, BEN);
    });
    expect(outcome).toEqual({ status: 'failed', message: TEAM_MESSAGES.removedFromTeam });
    await settle();
    expect(sent.map(route)).toEqual(['edit checklist_9']);
  });
});

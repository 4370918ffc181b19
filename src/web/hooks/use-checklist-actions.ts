import { type QueryClient, type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Checklist, Task } from '#domain/checklist';
import { apiRequest } from '../lib/api.ts';
import { withTaskCompleted } from '../lib/checklist-optimistic.ts';

function checklistPath(id: string): string {
  return `/api/checklists/${encodeURIComponent(id)}`;
}

/**
 * Where a checklist sits in the query cache, so one set of actions serves the owner's page (the
 * checklist cached by its id) and a recipient's shared page (the share's answer cached by its token).
 * Both send to the same routes; the server tells owner from recipient by their cookies.
 */
export interface ChecklistCache {
  checklistId: string;
  key: QueryKey;
  read(queryClient: QueryClient): Checklist | undefined;
  /** Changes the cached checklist, if there is one. */
  write(queryClient: QueryClient, change: (checklist: Checklist) => Checklist): void;
  /** After a change is saved: whatever else shows this checklist (the owner's list and counters). */
  refreshRelated(queryClient: QueryClient): Promise<unknown>;
}

/**
 * Ticks and unticks, optimistic: the box changes at once and rolls back if the server refuses.
 * Ticks of one checklist are sent one after another (a tick then an untick arrive in that order),
 * and only the answer to the last one in flight replaces the cached checklist.
 */
export function useToggleTask(cache: ChecklistCache, onFailed: (error: unknown) => void) {
  const queryClient = useQueryClient();
  const { checklistId, key } = cache;
  const mutationKey = ['toggle-task', checklistId];
  return useMutation({
    mutationKey,
    scope: { id: `checklist-tasks:${checklistId}` },
    mutationFn: ({ taskId, completed }: { taskId: string; completed: boolean }) =>
      apiRequest<Checklist>('PATCH', `${checklistPath(checklistId)}/tasks/${encodeURIComponent(taskId)}`, {
        completed,
      }),
    onMutate: async ({ taskId, completed }) => {
      await queryClient.cancelQueries({ queryKey: key, exact: true });
      const before = cache.read(queryClient)?.tasks.find((task) => task.id === taskId);
      cache.write(queryClient, (old) => withTaskCompleted(old, taskId, completed));
      return { previous: before?.completed };
    },
    onSuccess: (checklist) => {
      if (queryClient.isMutating({ mutationKey }) === 1) cache.write(queryClient, () => checklist);
    },
    onError: (error, { taskId }, context) => {
      if (context?.previous !== undefined) {
        const previous = context.previous;
        cache.write(queryClient, (old) => withTaskCompleted(old, taskId, previous));
      }
      onFailed(error);
    },
    onSettled: (_data, error) => {
      if (queryClient.isMutating({ mutationKey }) !== 1) return;
      // On failure the checklist is reloaded (spec section 4); the dashboard's counts follow either way.
      if (error) void queryClient.invalidateQueries({ queryKey: key, exact: true });
      void cache.refreshRelated(queryClient);
    },
  });
}

/** Saves the remarks (last write wins); only the remarks of the cached checklist are replaced. */
export function useSaveRemarks(cache: ChecklistCache) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (remarks: string) =>
      apiRequest<Checklist>('PATCH', checklistPath(cache.checklistId), { remarks }),
    retry: 1,
    onSuccess: (checklist) => {
      cache.write(queryClient, (old) => ({ ...old, remarks: checklist.remarks }));
    },
  });
}

/** Submit: status completed, progress 100, the remarks saved with it. */
export function useSubmitChecklist(cache: ChecklistCache) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (remarks: string) =>
      apiRequest<Checklist>('POST', `${checklistPath(cache.checklistId)}/submit`, { remarks }),
    onSuccess: (checklist) => {
      cache.write(queryClient, () => checklist);
      return cache.refreshRelated(queryClient);
    },
  });
}

/** A photo for a task (multipart, field `photo`); the server answers the updated task. */
export function useUploadTaskPhoto(cache: ChecklistCache) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ taskId, file }: { taskId: string; file: File }) => {
      const form = new FormData();
      form.append('photo', file);
      return apiRequest<Task>(
        'POST',
        `${checklistPath(cache.checklistId)}/tasks/${encodeURIComponent(taskId)}/photo`,
        form,
      );
    },
    retry: false,
    onSuccess: (task) => {
      cache.write(queryClient, (old) => ({
        ...old,
        tasks: old.tasks.map((item) => (item.id === task.id ? { ...item, ...task } : item)),
      }));
    },
  });
}

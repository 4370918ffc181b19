import { type QueryClient, type QueryKey, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Checklist, Task } from '#domain/checklist';
import { apiRequest } from '../lib/api.ts';
import { withTaskCompleted, withTaskFromServer } from '../lib/checklist-optimistic.ts';
import { type UploadOptions, uploadForm } from '../lib/upload-request.ts';

function checklistPath(id: string): string {
  return `/api/checklists/${encodeURIComponent(id)}`;
}

function taskPath(checklistId: string, taskId: string): string {
  return `${checklistPath(checklistId)}/tasks/${encodeURIComponent(taskId)}`;
}

/** Also read by the live updates: while a tick of the checklist is on its way, they do not overwrite it. */
export const toggleKey = (checklistId: string) => ['toggle-task', checklistId];
/** Changes to one checklist's tasks are sent one after another, in the order they were made. */
const taskScope = (checklistId: string) => `checklist-tasks:${checklistId}`;

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
  const mutationKey = toggleKey(checklistId);
  return useMutation({
    mutationKey,
    scope: { id: taskScope(checklistId) },
    mutationFn: ({ taskId, completed }: { taskId: string; completed: boolean }) =>
      apiRequest<Checklist>('PATCH', taskPath(checklistId, taskId), { completed }),
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
      void cache.refreshRelated(queryClient);
    },
  });
}

/** A photo for a task (multipart, field `photo`), with its progress; the server answers the updated task. */
export function useUploadTaskPhoto(cache: ChecklistCache) {
  const queryClient = useQueryClient();
  const { checklistId, key } = cache;
  return useMutation({
    mutationFn: ({ taskId, file, ...options }: { taskId: string; file: File } & UploadOptions) => {
      const form = new FormData();
      form.append('photo', file);
      return uploadForm<Task>(`${taskPath(checklistId, taskId)}/photo`, form, options);
    },
    retry: false,
    onSuccess: (task) => {
      cache.write(queryClient, (old) => withTaskFromServer(old, task));
      // A tick answered while the photo was on its way may have put back the task without it.
      if (queryClient.isMutating({ mutationKey: toggleKey(checklistId) }) > 0) {
        void queryClient.invalidateQueries({ queryKey: key, exact: true });
      }
      void cache.refreshRelated(queryClient);
    },
  });
}

/**
 * Removes a task's photo (the server deletes its files); the task keeps its tick unless the server's
 * answer says otherwise. Sent in turn with the ticks of the same checklist.
 */
export function useRemoveTaskPhoto(cache: ChecklistCache) {
  const queryClient = useQueryClient();
  const { checklistId } = cache;
  return useMutation({
    scope: { id: taskScope(checklistId) },
    mutationFn: (taskId: string) =>
      apiRequest<Checklist>('PATCH', taskPath(checklistId, taskId), { photoUrl: null }),
    onSuccess: (checklist) => {
      cache.write(queryClient, () => checklist);
      void cache.refreshRelated(queryClient);
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Checklist, Task } from '#domain/checklist';
import { apiRequest } from '../lib/api.ts';
import { withTaskCompleted } from '../lib/checklist-optimistic.ts';
import { checklistKeys, refreshChecklistData } from './use-checklists.ts';

function checklistPath(id: string): string {
  return `/api/checklists/${encodeURIComponent(id)}`;
}

/**
 * Ticks and unticks, optimistic: the box changes at once and rolls back if the server refuses.
 * Ticks of one checklist are sent one after another (a tick then an untick arrive in that order),
 * and only the answer to the last one in flight replaces the cached checklist.
 */
export function useToggleTask(checklistId: string, onFailed: (error: unknown) => void) {
  const queryClient = useQueryClient();
  const key = checklistKeys.detail(checklistId);
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
      const before = queryClient.getQueryData<Checklist>(key)?.tasks.find((task) => task.id === taskId);
      queryClient.setQueryData<Checklist>(key, (old) => old && withTaskCompleted(old, taskId, completed));
      return { previous: before?.completed };
    },
    onSuccess: (checklist) => {
      if (queryClient.isMutating({ mutationKey }) === 1) queryClient.setQueryData(key, checklist);
    },
    onError: (error, { taskId }, context) => {
      if (context?.previous !== undefined) {
        const previous = context.previous;
        queryClient.setQueryData<Checklist>(key, (old) => old && withTaskCompleted(old, taskId, previous));
      }
      onFailed(error);
    },
    onSettled: (_data, error) => {
      if (queryClient.isMutating({ mutationKey }) !== 1) return;
      // On failure the checklist is reloaded (spec section 4); the dashboard's counts follow either way.
      if (error) void queryClient.invalidateQueries({ queryKey: key, exact: true });
      void refreshChecklistData(queryClient, { details: false });
    },
  });
}

/** Saves the remarks (last write wins); only the remarks of the cached checklist are replaced. */
export function useSaveRemarks(checklistId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (remarks: string) => apiRequest<Checklist>('PATCH', checklistPath(checklistId), { remarks }),
    retry: 1,
    onSuccess: (checklist) => {
      queryClient.setQueryData<Checklist>(
        checklistKeys.detail(checklistId),
        (old) => old && { ...old, remarks: checklist.remarks },
      );
    },
  });
}

/** Submit: status completed, progress 100, the remarks saved with it. */
export function useSubmitChecklist(checklistId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (remarks: string) =>
      apiRequest<Checklist>('POST', `${checklistPath(checklistId)}/submit`, { remarks }),
    onSuccess: (checklist) => {
      queryClient.setQueryData(checklistKeys.detail(checklistId), checklist);
      return refreshChecklistData(queryClient, { details: false });
    },
  });
}

/** A photo for a task (multipart, field `photo`); the server answers the updated task. */
export function useUploadTaskPhoto(checklistId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ taskId, file }: { taskId: string; file: File }) => {
      const form = new FormData();
      form.append('photo', file);
      return apiRequest<Task>(
        'POST',
        `${checklistPath(checklistId)}/tasks/${encodeURIComponent(taskId)}/photo`,
        form,
      );
    },
    retry: false,
    onSuccess: (task) => {
      queryClient.setQueryData<Checklist>(
        checklistKeys.detail(checklistId),
        (old) =>
          old && {
            ...old,
            tasks: old.tasks.map((item) => (item.id === task.id ? { ...item, ...task } : item)),
          },
      );
    },
  });
}

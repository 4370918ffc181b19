import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ScheduleInput, SchedulePatch } from '#domain/schedules';
import type { Schedule, ScheduleOccurrence } from '#domain/schedules-response';
import { apiRequest } from '../lib/api.ts';
import { checklistKeys } from '../sync/index.ts';
import { useAuth } from './use-auth.tsx';

/**
 * The active team's recurring schedules (GET /api/schedules) and what the schedules section does with
 * them: make, change (pause and resume are changes), delete and 'Run now'. Each answer refreshes the
 * list; a run also refreshes the dashboard's checklists (it made one).
 */

export const SCHEDULES_KEY = ['/api/schedules'] as const;

export function useSchedules(enabled = true) {
  const { user } = useAuth();
  return useQuery({
    queryKey: [...SCHEDULES_KEY, user?.uid],
    queryFn: ({ signal }) =>
      apiRequest<{ schedules: Schedule[] }>('GET', '/api/schedules', undefined, { signal }),
    enabled: enabled && Boolean(user),
    select: (body) => body.schedules,
    // Runs happen on the server by themselves: asked again on each visit.
    staleTime: 0,
  });
}

export function useScheduleActions() {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: SCHEDULES_KEY });
  const create = useMutation({
    mutationFn: (body: ScheduleInput) => apiRequest<{ schedule: Schedule }>('POST', '/api/schedules', body),
    onSuccess: refresh,
  });
  const update = useMutation({
    mutationFn: ({ id, patch }: { id: string; patch: SchedulePatch }) =>
      apiRequest<{ schedule: Schedule }>('PATCH', `/api/schedules/${encodeURIComponent(id)}`, patch),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (id: string) => apiRequest('DELETE', `/api/schedules/${encodeURIComponent(id)}`),
    onSuccess: refresh,
  });
  const run = useMutation({
    mutationFn: (id: string) =>
      apiRequest<{ occurrence: ScheduleOccurrence }>('POST', `/api/schedules/${encodeURIComponent(id)}/run`),
    onSuccess: async () => {
      await Promise.all([refresh(), queryClient.invalidateQueries({ queryKey: checklistKeys.all })]);
    },
  });
  return { create, update, remove, run };
}

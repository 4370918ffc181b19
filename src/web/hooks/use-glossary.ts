import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  ChecklistTranslation,
  GlossaryEntry,
  GlossaryEntryData,
  TaskTextField,
  TranslationCorrectionData,
} from '#domain/glossary';
import type { LanguageCode } from '#domain/languages';
import { apiRequest } from '../lib/api.ts';
import { useAuth } from './use-auth.tsx';

/**
 * The team glossary (GET/POST/DELETE /api/glossary) and the owner's view and corrections of a
 * checklist's translation (docs/translation.md). Never queued offline: they need the server.
 */

export const GLOSSARY_KEY = ['/api/glossary'] as const;
export const CHECKLIST_TRANSLATION_KEY = ['checklist-translation'] as const;

const NOW = { networkMode: 'always', retry: false } as const;

/** `teamId`: the active team's, so another team's glossary is never shown after a switch. */
export function useGlossary(teamId: string | undefined) {
  const { user } = useAuth();
  return useQuery({
    queryKey: [...GLOSSARY_KEY, user?.uid, teamId],
    queryFn: ({ signal }) =>
      apiRequest<{ entries: GlossaryEntry[] }>('GET', '/api/glossary', undefined, { signal }),
    enabled: Boolean(user && teamId),
    select: (body) => body.entries,
  });
}

export function useGlossaryActions() {
  const queryClient = useQueryClient();
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: GLOSSARY_KEY });
    // What recipients read may change with it.
    void queryClient.invalidateQueries({ queryKey: CHECKLIST_TRANSLATION_KEY });
  };
  const add = useMutation({
    ...NOW,
    mutationFn: (body: GlossaryEntryData) =>
      apiRequest<{ entry: GlossaryEntry }>('POST', '/api/glossary', body),
    onSuccess: refresh,
  });
  const remove = useMutation({
    ...NOW,
    mutationFn: (id: string) => apiRequest('DELETE', `/api/glossary/${encodeURIComponent(id)}`),
    onSuccess: refresh,
  });
  return { add, remove };
}

/** While a translation is under way the server is asked again this often. */
const PENDING_REFETCH_MS = 2000;

function translationPath(checklistId: string) {
  return `/api/checklists/${encodeURIComponent(checklistId)}`;
}

/** The checklist's tasks as a recipient reading `language` sees them (asked only when `enabled`). */
export function useChecklistTranslation(
  checklistId: string,
  language: LanguageCode | null,
  enabled: boolean,
) {
  return useQuery({
    queryKey: [...CHECKLIST_TRANSLATION_KEY, checklistId, language],
    queryFn: ({ signal }) =>
      apiRequest<ChecklistTranslation>(
        'GET',
        `${translationPath(checklistId)}/translation?lang=${language}`,
        undefined,
        { signal },
      ),
    enabled: enabled && language !== null,
    refetchInterval: (query) =>
      query.state.data?.translationNote === 'pending' ? PENDING_REFETCH_MS : false,
    retry: false,
  });
}

export function useCorrectionActions(checklistId: string) {
  const queryClient = useQueryClient();
  const keep = (answer: ChecklistTranslation) =>
    queryClient.setQueryData([...CHECKLIST_TRANSLATION_KEY, checklistId, answer.language], answer);
  const correct = useMutation({
    ...NOW,
    mutationFn: ({ taskId, ...body }: TranslationCorrectionData & { taskId: string }) =>
      apiRequest<ChecklistTranslation>(
        'PUT',
        `${translationPath(checklistId)}/tasks/${encodeURIComponent(taskId)}/translation`,
        body,
      ),
    onSuccess: keep,
  });
  const undo = useMutation({
    ...NOW,
    mutationFn: ({
      taskId,
      language,
      field,
    }: {
      taskId: string;
      language: LanguageCode;
      field: TaskTextField;
    }) =>
      apiRequest<ChecklistTranslation>(
        'DELETE',
        `${translationPath(checklistId)}/tasks/${encodeURIComponent(taskId)}/translation?language=${language}&field=${field}`,
      ),
    onSuccess: keep,
  });
  return { correct, undo };
}

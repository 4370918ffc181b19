import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DEFAULT_LANGUAGE, type LanguageCode } from '#domain/languages';
import type { UserLanguageResponse } from '#domain/translation';
import type { AuthMeResponse } from '#domain/user';
import { apiRequest } from '../lib/api.ts';
import { AUTH_QUERY_KEY, useAuth } from './use-auth.tsx';

/**
 * The owner's language: the one their checklists are written in (what recipients' translations start
 * from) and the one recipients' remarks are translated into for them. Kept on the server with the
 * account, so every device agrees.
 */
export function useOwnerLanguage() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const change = useMutation({
    mutationFn: (language: LanguageCode) =>
      apiRequest<UserLanguageResponse>('PUT', `/api/user/${encodeURIComponent(user?.uid ?? '')}/language`, {
        language,
      }),
    onSuccess: ({ language }) => {
      queryClient.setQueryData<AuthMeResponse>(AUTH_QUERY_KEY, (me) =>
        me?.user ? { user: { ...me.user, language } } : me,
      );
      // The owner's remarks panels read in this language.
      void queryClient.invalidateQueries({ queryKey: REMARKS_TRANSLATION_KEY });
    },
  });
  return { language: user?.language ?? DEFAULT_LANGUAGE, change };
}

export const REMARKS_TRANSLATION_KEY = ['remarks-translation'] as const;

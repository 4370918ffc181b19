import { type QueryClient, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  type ReactNode,
  type RefObject,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { type AuthMeResponse, splitDisplayName, type User } from '#domain/user';
import { apiRequest } from '../lib/api.ts';
import { clearPersistedQueryCache } from '../lib/query-client.ts';
import { AUTH_CHANNEL, SIGN_IN_FAILED_TITLE, SignInError, signInWithPopup } from '../lib/sign-in-popup.ts';
import { type ToastApi, useToast } from './use-toast.ts';

export const AUTH_QUERY_KEY = ['/api/auth/me'] as const;

const PAGE_LOADED_AT = Date.now();

export type AuthStatus = 'loading' | 'signed-in' | 'signed-out';

interface AuthContextValue {
  status: AuthStatus;
  user: User | null;
  signingIn: boolean;
  /**
   * Between the press on Sign out and the server's answer: the signed-in pages are already gone (their
   * live updates and timers stopped, so nothing asks the server while the session ends).
   */
  signingOut: boolean;
  /** Opens the sign-in popup; resolves true once signed in, false when it failed (a toast says why). */
  signIn(): Promise<boolean>;
  signOut(): Promise<void>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

/**
 * Who the server says is signed in. A remembered user is trusted while the server is asked (that is
 * what lets pages open offline), but a remembered "signed out" is not: a sign-in made elsewhere must
 * not bounce the user to the landing page.
 */
function useSignedInUser(): { user: User | null; status: AuthStatus } {
  const me = useQuery({
    queryKey: AUTH_QUERY_KEY,
    queryFn: () => apiRequest<AuthMeResponse>('GET', '/api/auth/me'),
    staleTime: 60_000,
    // Always asked again when the page loads: a persisted answer is only a placeholder until the server replies.
    refetchOnMount: 'always',
  });
  const user = me.data?.user ?? null;
  // Only an answer received during this page load settles it (persisted answers carry older timestamps);
  // offline (a paused fetch), the remembered answer is all there is.
  const settled = me.dataUpdatedAt >= PAGE_LOADED_AT || me.isError || me.fetchStatus === 'paused';
  return { user, status: user ? 'signed-in' : settled ? 'signed-out' : 'loading' };
}

/** A sign-in finished in any popup or tab (even one whose request this page did not start). */
function useSignInsElsewhere(queryClient: QueryClient): void {
  useEffect(() => {
    if (typeof BroadcastChannel === 'undefined') return;
    const channel = new BroadcastChannel(AUTH_CHANNEL);
    channel.onmessage = () => void queryClient.invalidateQueries({ queryKey: AUTH_QUERY_KEY });
    return () => channel.close();
  }, [queryClient]);
}

/**
 * After every auth state change with a user, the user is registered (spec 4); failure is only logged.
 * The uid last registered (a sign-out clears it).
 */
function useUserRegistration(user: User | null): RefObject<string | null> {
  const registered = useRef<string | null>(null);
  useEffect(() => {
    if (!user || registered.current === user.uid) return;
    registered.current = user.uid;
    const { firstName, lastName } = splitDisplayName(user.displayName);
    apiRequest('POST', '/api/user/register', {
      userId: user.uid,
      email: user.email,
      firstName,
      lastName,
      profileImageUrl: null,
    }).catch((error: unknown) => console.warn('User registration failed', error));
  }, [user]);
  return registered;
}

/** The sign-in popup, and whether it is open. */
function useSignIn(queryClient: QueryClient, toast: ToastApi['toast']) {
  const [signingIn, setSigningIn] = useState(false);
  // Asks the server directly, not through the query cache: a refetch already in flight (the page
  // refetches on focus when the popup closes) may be paused offline, and joining it would hang.
  const refreshSignedIn = useCallback(async () => {
    const result = await apiRequest<AuthMeResponse>('GET', '/api/auth/me');
    queryClient.setQueryData<AuthMeResponse>(AUTH_QUERY_KEY, result);
    return Boolean(result.user);
  }, [queryClient]);

  const signIn = useCallback(async () => {
    setSigningIn(true);
    try {
      await signInWithPopup(refreshSignedIn);
      await refreshSignedIn();
      return true;
    } catch (error) {
      const message = error instanceof SignInError ? error.message : 'Sign-in failed. Please try again.';
      console.warn('Sign-in failed', error instanceof SignInError ? error.code : error);
      toast({ title: SIGN_IN_FAILED_TITLE, description: message, variant: 'destructive' });
      return false;
    } finally {
      setSigningIn(false);
    }
  }, [refreshSignedIn, toast]);
  return { signingIn, signIn };
}

/**
 * Signing out: the server forgets the session, this device every cached answer. The signed-in pages
 * are taken down first (`signingOut`), so that no read of theirs (a live update's refresh, a timer)
 * leaves during the sign-out and is refused. The answers are dropped only once the signed-out state
 * is drawn: a query dropped while its component is mounted is made anew on its next render and asked.
 */
function useSignOut(
  queryClient: QueryClient,
  toast: ToastApi['toast'],
  registered: RefObject<string | null>,
  status: AuthStatus,
): { signingOut: boolean; signOut: () => Promise<void> } {
  const logout = useMutation({ mutationFn: () => apiRequest('POST', '/api/auth/logout'), retry: false });
  const [signingOut, setSigningOut] = useState(false);
  const forgetting = useRef(false);
  useEffect(() => {
    if (status !== 'signed-out' || !forgetting.current) return;
    forgetting.current = false;
    queryClient.clear();
    clearPersistedQueryCache();
    queryClient.setQueryData<AuthMeResponse>(AUTH_QUERY_KEY, { user: null });
  }, [status, queryClient]);
  const signOut = useCallback(async () => {
    setSigningOut(true);
    try {
      await logout.mutateAsync();
    } catch (error) {
      toast({
        title: 'Sign-out failed',
        description: 'Please check your connection and try again.',
        variant: 'destructive',
      });
      console.warn('Sign-out failed', error);
      return;
    } finally {
      setSigningOut(false);
    }
    registered.current = null;
    forgetting.current = true;
    queryClient.setQueryData<AuthMeResponse>(AUTH_QUERY_KEY, { user: null });
  }, [logout, queryClient, toast, registered]);
  return { signingOut, signOut };
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const { user, status } = useSignedInUser();
  const { signingIn, signIn } = useSignIn(queryClient, toast);
  useSignInsElsewhere(queryClient);
  const registered = useUserRegistration(user);
  const { signingOut, signOut } = useSignOut(queryClient, toast, registered, status);

  const value = useMemo(
    () => ({ status, user, signingIn, signingOut, signIn, signOut }),
    [status, user, signingIn, signingOut, signIn, signOut],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}

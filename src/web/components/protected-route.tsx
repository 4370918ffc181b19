import type { ReactNode } from 'react';
import { Redirect } from 'wouter';
import { useAuth } from '../hooks/use-auth.tsx';
import { PageSpinner } from './ui/spinner.tsx';

/**
 * Spinner while the sign-in state loads; back to / when nobody is signed in (spec section 2).
 * `showWhileLoading`: a page that is the same for everyone until its data comes (pricing) is drawn
 * at once, as the server prerendered it, and left only if nobody turns out to be signed in.
 * While signing out the page is taken down at once (its live updates would read without a session).
 */
export function ProtectedRoute({
  children,
  showWhileLoading = false,
}: {
  children: ReactNode;
  showWhileLoading?: boolean;
}) {
  const { status, signingOut } = useAuth();
  if (status === 'signed-out') return <Redirect to="/" replace />;
  if ((status === 'loading' && !showWhileLoading) || signingOut) return <PageSpinner />;
  return <>{children}</>;
}

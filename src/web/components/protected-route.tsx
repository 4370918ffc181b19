import type { ReactNode } from 'react';
import { Redirect } from 'wouter';
import { useAuth } from '../hooks/use-auth.tsx';
import { PageSpinner } from './ui/spinner.tsx';

/** Spinner while the sign-in state loads; back to / when nobody is signed in (spec section 2). */
export function ProtectedRoute({ children }: { children: ReactNode }) {
  const { status } = useAuth();
  if (status === 'loading') return <PageSpinner />;
  if (status === 'signed-out') return <Redirect to="/" replace />;
  return <>{children}</>;
}

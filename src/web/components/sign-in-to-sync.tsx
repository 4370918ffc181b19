import { type ReactNode, useEffect } from 'react';
import { useAuth } from '../hooks/use-auth.tsx';
import { useOfflineQueue } from '../hooks/use-offline-queue.tsx';
import { useT } from '../i18n/i18n.tsx';
import type { OpContext } from '../sync/index.ts';
import { Button } from './ui/button.tsx';

export const SIGN_IN_TO_SYNC = {
  owner: 'Your session has ended. Sign in again to save the changes kept on this device.',
} as const;

/**
 * Inside the offline banner: changes wait on this device because the server asks who is sending them (401): the owner's session
 * or a recipient's access ended while they worked. Nothing is dropped; they are sent as soon as the
 * person is let in again (signed in here or in another tab, or a new code entered on the shared page).
 */
export default function SignInToSync({ who, waiting }: { who: OpContext; waiting: ReactNode }) {
  const { user, signIn, signingIn } = useAuth();
  const queue = useOfflineQueue();
  const uid = user?.uid ?? null;
  const t = useT();

  // Signed in (this button, the header's, another tab): what waited is sent.
  useEffect(() => {
    if (who.kind === 'owner' && uid) void queue.flush();
  }, [who.kind, uid, queue]);

  return (
    <>
      <p className="min-w-0 flex-1">
        {who.kind === 'owner' ? SIGN_IN_TO_SYNC.owner : t('offline.accessEnded')}
        {waiting}
      </p>
      {who.kind === 'owner' && (
        <Button size="sm" className="-my-1 shrink-0" disabled={signingIn} onClick={() => void signIn()}>
          {signingIn ? 'Signing in…' : 'Sign in'}
        </Button>
      )}
    </>
  );
}

import { CloudOff } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useQueueState } from '../hooks/use-offline-queue.tsx';
import { useOnline } from '../hooks/use-online.ts';
import { useT } from '../i18n/i18n.tsx';

// Rare (a session or a recipient's access ended while changes waited): fetched only then.
const SignInToSync = lazy(() => import('./sign-in-to-sync.tsx'));

/**
 * Says when work is kept on this device only: offline, or online while the server cannot be reached.
 * Nothing shows while all is well (a change being sent is not worth a banner).
 */
export function OfflineBanner() {
  const online = useOnline();
  const { ops, failures, blocked } = useQueueState();
  const t = useT();
  const count = ops.length;
  const signIn = online && blocked;
  if (online && !signIn && (count === 0 || failures === 0)) return null;
  const waiting = count > 0 && (
    <span className="ms-1 font-semibold whitespace-nowrap" data-testid="pending-count">
      {t('offline.pendingCount', { count })}
    </span>
  );
  return (
    <div
      role="status"
      data-testid="offline-banner"
      className="border-b border-amber-200 bg-amber-50 text-amber-950"
    >
      <div className="mx-auto flex max-w-6xl items-start gap-2 px-4 py-2 text-sm sm:items-center">
        <CloudOff className="mt-0.5 h-4 w-4 shrink-0 text-amber-700 sm:mt-0" aria-hidden="true" />
        {signIn ? (
          <Suspense fallback={null}>
            <SignInToSync who={signIn} waiting={waiting} />
          </Suspense>
        ) : (
          <p className="min-w-0 flex-1">
            {online ? t('offline.retrying') : t('offline.offline')}
            {waiting}
          </p>
        )}
      </div>
    </div>
  );
}

import { CloudOff } from 'lucide-react';
import { useT } from '../i18n/i18n.tsx';
import { cn } from '../lib/cn.ts';

/** A change kept on this device and not yet saved on the server. */
export function PendingSyncBadge({ className }: { className?: string }) {
  const t = useT();
  return (
    <span
      data-testid="pending-sync"
      className={cn(
        'inline-flex items-center gap-1 rounded-full bg-amber-50 px-2 py-0.5 text-xs font-medium whitespace-nowrap text-amber-900 ring-1 ring-amber-300',
        className,
      )}
    >
      <CloudOff className="h-3.5 w-3.5 shrink-0" aria-hidden="true" />
      {t('sync.pending')}
    </span>
  );
}

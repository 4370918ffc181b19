import { Lock, Sparkles } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { trackEvent } from '../../lib/analytics.ts';
import { DEVELOPER_TEXTS } from './texts.ts';

/** A free team: what API access and webhooks do, and the way to them (the owner upgrades; others ask). */
export function PaidOnly({ owner }: { owner: boolean }) {
  return (
    <div
      className="rounded-2xl border border-indigo-100 bg-indigo-50 p-4 text-sm text-slate-700 shadow-sm sm:p-6"
      data-testid="developers-paid-only"
    >
      <p className="font-medium text-slate-900">{DEVELOPER_TEXTS.paidOnly}</p>
      <p className="mt-1">{DEVELOPER_TEXTS.paidOnlyMore}</p>
      {owner ? (
        <Button asChild size="sm" className="mt-3">
          <Link
            href="/pricing"
            onClick={() => trackEvent('upgrade_clicked', { source: 'developers_settings' })}
          >
            <Sparkles className="h-4 w-4" aria-hidden="true" /> Upgrade plan
          </Link>
        </Button>
      ) : (
        <p className="mt-2">{DEVELOPER_TEXTS.askOwner}</p>
      )}
    </div>
  );
}

/** A member of a paid team: tokens and webhooks are the owner's and admins' to manage. */
export function ManagersOnly() {
  return (
    <Card
      className="flex items-start gap-3 p-4 text-sm text-slate-700 sm:p-6"
      data-testid="developers-managers-only"
    >
      <Lock className="mt-0.5 h-4 w-4 shrink-0 text-slate-500" aria-hidden="true" />
      <p>{DEVELOPER_TEXTS.managersOnly}</p>
    </Card>
  );
}

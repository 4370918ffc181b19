import { AlertCircle, LockKeyhole, RefreshCw, SearchX } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { useT } from '../../i18n/i18n.tsx';

/** The views of the shared page around the checklist itself: each small, each in plain words. */

function StateCard({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Card className="mx-auto mt-6 max-w-md p-6 text-center sm:mt-10">
      {icon}
      <h1 className="mt-3 text-xl font-bold text-slate-900">{title}</h1>
      <div className="mt-2 text-sm leading-relaxed text-slate-600">{children}</div>
    </Card>
  );
}

/** While this browser's access is being checked. */
export function SharedLoading() {
  const t = useT();
  return (
    <div className="flex min-h-[50vh] flex-col items-center justify-center gap-3 text-sm text-slate-600">
      <Spinner label={t('shared.loading')} />
      <p aria-hidden="true">{t('shared.opening')}</p>
    </div>
  );
}

/** What the page says behind the code dialog: the checklist opens only with the code. */
export function VerificationExplainer() {
  const t = useT();
  return (
    <StateCard
      icon={<LockKeyhole className="mx-auto h-10 w-10 text-indigo-600" aria-hidden="true" />}
      title={t('shared.explainerTitle')}
    >
      <p>{t('shared.explainerText')}</p>
    </StateCard>
  );
}

/** The spec's failure view: the checklist could not be loaded (a network or server failure). */
export function SharedLoadFailed() {
  const t = useT();
  return (
    <StateCard
      icon={<AlertCircle className="mx-auto h-10 w-10 text-red-500" aria-hidden="true" />}
      title={t('shared.failedTitle')}
    >
      <p>{t('shared.loadFailedView')}</p>
      <Button className="mt-5" onClick={() => window.location.reload()}>
        <RefreshCw className="h-4 w-4" aria-hidden="true" />
        {t('common.refresh')}
      </Button>
    </StateCard>
  );
}

/** The link is unknown, revoked or replaced by a newer one. */
export function SharedNotFound() {
  const t = useT();
  return (
    <StateCard
      icon={<SearchX className="mx-auto h-10 w-10 text-slate-400" aria-hidden="true" />}
      title={t('shared.notFoundTitle')}
    >
      <p>{t('shared.notFound')}</p>
    </StateCard>
  );
}

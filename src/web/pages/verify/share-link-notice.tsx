import { useQuery } from '@tanstack/react-query';
import { MailOpen } from 'lucide-react';
import { Link, Redirect, useSearch } from 'wouter';
import { DEFAULT_LANGUAGE } from '#domain/languages';
import { SHARE_LIMITS } from '#domain/sharing';
import { PageContainer, useDocumentTitle } from '../../components/page.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { PageSpinner } from '../../components/ui/spinner.tsx';
import { useAuth } from '../../hooks/use-auth.tsx';
import { fetchChecklist } from '../../hooks/use-checklists.ts';
import { languageOfSearch, useT, useUiLanguageOfPage } from '../../i18n/i18n.tsx';
import { isApiError } from '../../lib/api.ts';
import { checklistKeys } from '../../sync/index.ts';

/**
 * /verify?checklist={id}: the form of link the spec's client built when sharing; the screen itself
 * was never shown. The checklist's owner goes to the checklist; anyone else learns where shared
 * checklists really open: from the link in the message they received.
 */
export function ShareLinkNotice() {
  const search = useSearch();
  useUiLanguageOfPage(languageOfSearch(search) ?? DEFAULT_LANGUAGE);
  const t = useT();
  useDocumentTitle(t('shared.pageTitle'));
  const checklistId = new URLSearchParams(search).get('checklist')?.trim() ?? '';
  const { status } = useAuth();
  const owned = useQuery({
    queryKey: checklistKeys.detail(checklistId),
    queryFn: ({ signal }) => fetchChecklist(checklistId, signal),
    enabled: status === 'signed-in' && checklistId !== '',
  });

  const checking = status === 'loading' || (status === 'signed-in' && checklistId !== '' && owned.isPending);
  if (checking) return <PageSpinner />;
  if (owned.data) return <Redirect to={`/checklist/${encodeURIComponent(owned.data.id)}`} replace />;

  return (
    <PageContainer>
      <Card className="mx-auto max-w-md p-6 text-center">
        <MailOpen className="mx-auto h-10 w-10 text-indigo-600" aria-hidden="true" />
        <h1 className="mt-3 text-xl font-bold text-slate-900">{t('verify.title')}</h1>
        <p className="mt-2 text-sm leading-relaxed text-slate-600">
          {t('verify.text', { digits: SHARE_LIMITS.codeDigits, minutes: SHARE_LIMITS.codeValidMinutes })}
        </p>
        <p className="mt-2 text-sm leading-relaxed text-slate-600">{t('verify.noMessage')}</p>
        {status === 'signed-in' && (
          <>
            {isApiError(owned.error) && owned.error.status === 404 && (
              <p className="mt-4 text-sm text-slate-600">{t('verify.notYours')}</p>
            )}
            <Button asChild className="mt-5">
              <Link href="/dashboard">{t('verify.dashboard')}</Link>
            </Button>
          </>
        )}
      </Card>
    </PageContainer>
  );
}

import { useQuery } from '@tanstack/react-query';
import { MailOpen } from 'lucide-react';
import { Link, Redirect, useSearch } from 'wouter';
import { SHARE_LIMITS } from '#domain/sharing';
import { PageContainer, useDocumentTitle } from '../components/page.tsx';
import { Button } from '../components/ui/button.tsx';
import { Card } from '../components/ui/card.tsx';
import { PageSpinner } from '../components/ui/spinner.tsx';
import { useAuth } from '../hooks/use-auth.tsx';
import { checklistKeys, fetchChecklist } from '../hooks/use-checklists.ts';
import { isApiError } from '../lib/api.ts';

/**
 * /verify?checklist={id}: the form of link the spec's client built when sharing; the screen itself
 * was never shown. The checklist's owner goes to the checklist; anyone else learns where shared
 * checklists really open: from the link in the message they received.
 */
export default function VerifyPage() {
  useDocumentTitle('Shared checklist');
  const checklistId = new URLSearchParams(useSearch()).get('checklist')?.trim() ?? '';
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
        <h1 className="mt-3 text-xl font-bold text-slate-900">Open the link in your message</h1>
        <p className="mt-2 text-sm leading-relaxed text-slate-600">
          Shared checklists open from the link in the e-mail or text message you received. The same message
          holds your {SHARE_LIMITS.codeDigits}-digit verification code, valid for{' '}
          {SHARE_LIMITS.codeValidMinutes} minutes.
        </p>
        <p className="mt-2 text-sm leading-relaxed text-slate-600">
          If you cannot find the message, please contact the sender.
        </p>
        {status === 'signed-in' && (
          <>
            {isApiError(owned.error) && owned.error.status === 404 && (
              <p className="mt-4 text-sm text-slate-600">This checklist is not one of yours.</p>
            )}
            <Button asChild className="mt-5">
              <Link href="/dashboard">Go to Dashboard</Link>
            </Button>
          </>
        )}
      </Card>
    </PageContainer>
  );
}

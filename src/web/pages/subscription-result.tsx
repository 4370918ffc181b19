import { CheckCircle2, XCircle } from 'lucide-react';
import { Link } from 'wouter';
import { PageContainer, useDocumentTitle } from '../components/page.tsx';
import { Button } from '../components/ui/button.tsx';
import { Card } from '../components/ui/card.tsx';
import { getPublicConfig } from '../lib/public-config.ts';

export function SubscriptionSuccessPage() {
  useDocumentTitle('Subscription Successful!');
  return (
    <PageContainer>
      <Card className="mx-auto mt-8 max-w-md p-8 text-center">
        <CheckCircle2 className="mx-auto h-12 w-12 text-green-600" aria-hidden="true" />
        <h1 className="mt-4 text-2xl font-bold text-slate-900">Subscription Successful!</h1>
        <p className="mt-2 text-slate-600">
          Welcome to {getPublicConfig().siteName} Pro. Your subscription is now active.
        </p>
        <Button asChild className="mt-6">
          <Link href="/dashboard">Go to Dashboard</Link>
        </Button>
      </Card>
    </PageContainer>
  );
}

export function SubscriptionCancelPage() {
  useDocumentTitle('Subscription Cancelled');
  return (
    <PageContainer>
      <Card className="mx-auto mt-8 max-w-md p-8 text-center">
        <XCircle className="mx-auto h-12 w-12 text-slate-400" aria-hidden="true" />
        <h1 className="mt-4 text-2xl font-bold text-slate-900">Subscription Cancelled</h1>
        <p className="mt-2 text-slate-600">Your subscription was not processed.</p>
        <Button asChild variant="secondary" className="mt-6">
          <Link href="/pricing">Back to Pricing</Link>
        </Button>
      </Card>
    </PageContainer>
  );
}

import { AlertCircle } from 'lucide-react';
import { Link } from 'wouter';
import { PageContainer, useDocumentTitle } from '../components/page.tsx';
import { Button } from '../components/ui/button.tsx';
import { Card } from '../components/ui/card.tsx';

export default function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <PageContainer>
      <Card className="mx-auto mt-8 max-w-md p-6">
        <div className="flex items-center gap-2">
          <AlertCircle className="h-8 w-8 shrink-0 text-red-500" aria-hidden="true" />
          <h1 className="text-2xl font-bold text-slate-900">404 Page Not Found</h1>
        </div>
        <p className="mt-4 text-sm text-slate-600">Did you forget to add the page to the router?</p>
        <Button asChild variant="secondary" className="mt-6">
          <Link href="/">Back to the home page</Link>
        </Button>
      </Card>
    </PageContainer>
  );
}

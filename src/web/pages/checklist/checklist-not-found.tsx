import { AlertCircle } from 'lucide-react';
import { Link } from 'wouter';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';

/** The spec's Not Found view; `reason`, when the server said why (removed from the checklist's team). */
export function ChecklistNotFound({ reason }: { reason?: string | null | undefined }) {
  return (
    <Card className="mx-auto mt-8 max-w-md p-6 text-center">
      <AlertCircle className="mx-auto h-10 w-10 text-red-500" aria-hidden="true" />
      <h1 className="mt-3 text-2xl font-bold text-slate-900">Checklist Not Found</h1>
      <p className="mt-2 text-sm text-slate-600">
        {reason ?? 'This checklist may have been deleted or the link is invalid.'}
      </p>
      <Button asChild className="mt-6">
        <Link href="/dashboard">Back to Dashboard</Link>
      </Button>
    </Card>
  );
}

import { BadgeCheck } from 'lucide-react';

/**
 * 'Approved' beside a checklist's status on the dashboard (the team approved what was submitted; the
 * checklist's page says who and when). The title carries the time for a pointer.
 */
export function ApprovedChip({ approvedAt }: { approvedAt: string | null }) {
  if (!approvedAt) return null;
  return (
    <span
      data-testid="approved-chip"
      title={`Approved ${new Date(approvedAt).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })}`}
      className="inline-flex shrink-0 items-center gap-1 rounded-full bg-emerald-100 px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap text-emerald-900 ring-1 ring-emerald-300"
    >
      <BadgeCheck className="h-3.5 w-3.5" aria-hidden="true" />
      Approved
    </span>
  );
}

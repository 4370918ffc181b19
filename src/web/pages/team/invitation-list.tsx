import { Mail, RotateCw, X } from 'lucide-react';
import { shortDate } from '#domain/dates';
import { canManageMembers, type TeamInvitation, type TeamResponse } from '#domain/teams';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { useResendInvitation, useWithdrawInvitation } from '../../hooks/use-team-actions.ts';
import type { Ask } from './confirmation.tsx';
import { RoleBadge } from './roles.tsx';

const day = (iso: string) => shortDate(new Date(iso));

/**
 * Invitations not yet used (each takes a seat): to whom, as what, sent and good until when. The owner
 * and admins send one again (a new link, the old one dies) or withdraw it (after asking).
 */
export function InvitationList({ data, ask }: { data: TeamResponse; ask: Ask }) {
  const manage = canManageMembers(data.myRole);
  const { invitations } = data;
  return (
    <Card className="mt-6 p-5" role="region" aria-labelledby="team-invitations-title">
      <h2 id="team-invitations-title" className="text-base font-semibold text-slate-900">
        Pending invitations <span className="font-normal text-slate-500">({invitations.length})</span>
      </h2>
      {invitations.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600" data-testid="no-invitations">
          No pending invitations.
          {manage && ' People you invite show here until they join.'}
        </p>
      ) : (
        <ul aria-label="Pending invitations" className="mt-2 divide-y divide-slate-100">
          {invitations.map((invitation) => (
            <InvitationRow key={invitation.id} invitation={invitation} manage={manage} ask={ask} />
          ))}
        </ul>
      )}
    </Card>
  );
}

function InvitationRow({
  invitation,
  manage,
  ask,
}: {
  invitation: TeamInvitation;
  manage: boolean;
  ask: Ask;
}) {
  const resend = useResendInvitation();
  const withdraw = useWithdrawInvitation();
  const expired = Date.parse(invitation.expiresAt) <= Date.now();
  return (
    <li className="flex flex-col gap-3 py-4 sm:flex-row sm:items-center sm:gap-4" data-testid="invitation">
      <div className="flex min-w-0 flex-1 items-center gap-3">
        <span
          aria-hidden="true"
          className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-slate-100 text-slate-500"
        >
          <Mail className="h-4 w-4" />
        </span>
        <div className="min-w-0">
          <p className="truncate font-medium text-slate-900">{invitation.email}</p>
          <p className="text-xs text-slate-500">
            Sent <time dateTime={invitation.createdAt}>{day(invitation.createdAt)}</time> ·{' '}
            {expired ? (
              <span className="font-medium text-red-700">
                Expired <time dateTime={invitation.expiresAt}>{day(invitation.expiresAt)}</time>
              </span>
            ) : (
              <>
                Expires <time dateTime={invitation.expiresAt}>{day(invitation.expiresAt)}</time>
              </>
            )}
          </p>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-2 ps-13 sm:justify-end sm:ps-0">
        <RoleBadge role={invitation.role} />
        {manage && (
          <>
            <Button
              variant="secondary"
              size="sm"
              aria-label={`Resend the invitation to ${invitation.email}`}
              disabled={resend.isPending}
              aria-busy={resend.isPending || undefined}
              onClick={() => resend.mutate(invitation)}
            >
              <RotateCw
                className={resend.isPending ? 'h-4 w-4 animate-spin' : 'h-4 w-4'}
                aria-hidden="true"
              />
              Resend
            </Button>
            <Button
              variant="destructive-ghost"
              size="sm"
              aria-label={`Withdraw the invitation to ${invitation.email}`}
              onClick={() =>
                ask({
                  title: 'Withdraw this invitation?',
                  description: `The link sent to ${invitation.email} stops working and the seat is free again. You can invite them again later.`,
                  confirmLabel: 'Withdraw',
                  destructive: true,
                  run: () => withdraw.mutateAsync(invitation),
                })
              }
            >
              <X className="h-4 w-4" aria-hidden="true" />
              Withdraw
            </Button>
          </>
        )}
      </div>
    </li>
  );
}

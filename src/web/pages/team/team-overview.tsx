import { AlertTriangle, UserPlus } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { TIER_DISPLAY_NAMES } from '#domain/plans';
import { roleInSentence, TEAM_TEXTS, usedOf } from '#domain/team-texts';
import { canManageBilling, TEAM_MESSAGES, type TeamResponse } from '#domain/teams';
import { StorageMeter } from '../../components/storage-meter.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { ProgressBar } from '../../components/ui/progress-bar.tsx';

/** The Team page's head: the team's name, plan and my role, 'Invite member', and what the plan allows. */
export function TeamOverview({
  data,
  onInvite,
  onInviteIntent,
}: {
  data: TeamResponse;
  /** Owners and admins only. */
  onInvite?: () => void;
  /** Pointed at or focused: the dialog's code is fetched. */
  onInviteIntent?: () => void;
}) {
  const { team, myRole } = data;
  return (
    <>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0">
          <h1
            className="text-3xl font-bold tracking-tight break-words text-slate-900"
            data-testid="team-name"
          >
            {team.name}
          </h1>
          <p className="mt-1 text-slate-600">
            <span data-testid="team-plan">{TIER_DISPLAY_NAMES[team.tier]} plan</span> · You are{' '}
            {roleInSentence(myRole)}
          </p>
        </div>
        {onInvite && (
          <Button
            onClick={onInvite}
            onPointerEnter={onInviteIntent}
            onFocus={onInviteIntent}
            className="w-full sm:w-auto"
          >
            <UserPlus className="h-4 w-4" aria-hidden="true" />
            Invite member
          </Button>
        )}
      </div>
      <OverSeatLimitNotice data={data} />
      <TeamUsage data={data} />
    </>
  );
}

/** More seats in use than the plan has (after a downgrade): invitations are paused until it fits. */
function OverSeatLimitNotice({ data }: { data: TeamResponse }) {
  const { used, limit } = data.team.seats;
  if (limit === null || used <= limit) return null;
  return (
    <div
      role="status"
      data-testid="over-seat-limit"
      className="mt-6 flex gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
    >
      <AlertTriangle className="mt-0.5 h-5 w-5 shrink-0 text-amber-600" aria-hidden="true" />
      <div className="grid gap-2">
        <p className="leading-relaxed">{TEAM_MESSAGES.overSeatLimit(used, limit)}</p>
        {canManageBilling(data.myRole) ? (
          <p>
            <Link href="/pricing" className="font-semibold text-indigo-700 underline underline-offset-2">
              {TEAM_TEXTS.upgradePlan}
            </Link>
          </p>
        ) : (
          <p className="text-amber-900">{TEAM_MESSAGES.billingOwnerOnly}</p>
        )}
      </div>
    </div>
  );
}

const percent = (used: number, limit: number | null) =>
  limit === null || limit === 0 ? null : Math.min(100, Math.round((used / limit) * 100));

function TeamUsage({ data }: { data: TeamResponse }) {
  const { seats, storage } = data.team;
  const seatsFull = seats.limit !== null && seats.used >= seats.limit;
  return (
    <Card className="mt-6 p-5">
      <dl className="grid gap-5 sm:grid-cols-2">
        <Usage
          label="Seats"
          value={usedOf(seats.used, seats.limit)}
          hint="Members and pending invitations"
          percent={percent(seats.used, seats.limit)}
          warn={seatsFull}
          testId="team-seats"
        />
        <StorageMeter
          storage={storage}
          hint="Photos of the team's checklists, every size, and reference photos"
          canUpgrade={canManageBilling(data.myRole)}
          testId="team-storage"
        />
      </dl>
    </Card>
  );
}

function Usage({
  label,
  value,
  hint,
  percent: filled,
  warn,
  testId,
}: {
  label: string;
  value: ReactNode;
  hint: string;
  percent: number | null;
  warn: boolean;
  testId: string;
}) {
  return (
    <div>
      <div className="flex items-baseline justify-between gap-3">
        <dt className="text-sm font-medium text-slate-700">{label}</dt>
        <dd className="text-sm font-semibold text-slate-900" data-testid={testId}>
          {value}
        </dd>
      </div>
      {filled !== null && (
        <ProgressBar
          label={label}
          value={filled}
          valueText={String(value)}
          className="mt-2 h-2"
          barClassName={warn ? 'fill-amber-500' : 'fill-indigo-600'}
        />
      )}
      <p className="mt-1.5 text-xs text-slate-500">{hint}</p>
    </div>
  );
}

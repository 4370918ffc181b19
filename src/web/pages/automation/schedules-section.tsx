import { Plus, Repeat, Sparkles } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import type { Tier } from '#domain/plans';
import type { Schedule } from '#domain/schedules-response';
import { canManageBilling } from '#domain/teams';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useSchedules } from '../../hooks/use-schedules.ts';
import { useTeam } from '../../hooks/use-team.ts';
import { ScheduleCard } from './schedule-card.tsx';
import { ScheduleDialog } from './schedule-dialog.tsx';

/**
 * Recurring schedules (docs/automation.md "Recurring schedules"): the list with each one's next and
 * last runs, 'New schedule', 'Run now', pause, edit, delete. Owners and admins manage them, members
 * read them. A free team sees what schedules do and the way to a paid plan; schedules it kept from a
 * paid plan are listed as paused by the plan.
 */
export function SchedulesSection() {
  const team = useTeam();
  const schedules = useSchedules();
  const [editing, setEditing] = useState<Schedule | undefined>(undefined);
  const [open, setOpen] = useState(false);
  const tier = team.data?.team.tier;
  const role = team.data?.myRole;
  const canManage = role === 'owner' || role === 'admin';
  const paid = tier !== undefined && tier !== 'free';
  const list = schedules.data ?? [];

  const openDialog = (schedule?: Schedule) => {
    setEditing(schedule);
    setOpen(true);
  };

  return (
    <Card className="p-4 sm:p-6" data-testid="schedules-section">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 className="flex items-center gap-2 text-lg font-semibold text-slate-900">
            <Repeat className="h-5 w-5 text-indigo-600" aria-hidden="true" /> Schedules
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            A fresh checklist from a template every day, week or month, at your time, shared and assigned for
            you.
          </p>
        </div>
        {paid && canManage && (
          <Button onClick={() => openDialog()}>
            <Plus className="h-4 w-4" aria-hidden="true" /> New schedule
          </Button>
        )}
      </div>
      {team.isLoading || schedules.isLoading ? (
        <Skeleton className="mt-4 h-24 w-full" />
      ) : (
        <SchedulesBody
          list={list}
          tier={tier}
          canManage={canManage}
          owner={role ? canManageBilling(role) : false}
          failed={schedules.isError}
          onEdit={openDialog}
        />
      )}
      {canManage && (
        <ScheduleDialog
          open={open}
          onOpenChange={setOpen}
          schedule={editing}
          members={team.data?.members ?? []}
        />
      )}
    </Card>
  );
}

function SchedulesBody({
  list,
  tier,
  canManage,
  owner,
  failed,
  onEdit,
}: {
  list: Schedule[];
  tier: Tier | undefined;
  canManage: boolean;
  owner: boolean;
  failed: boolean;
  onEdit(schedule: Schedule): void;
}) {
  const paid = tier !== undefined && tier !== 'free';
  return (
    <>
      {tier === 'free' && <PaidOnly owner={owner} kept={list.length > 0} />}
      {paid && list.length === 0 && (
        <p className="mt-4 rounded-lg bg-slate-50 p-4 text-sm text-slate-600" data-testid="schedules-empty">
          No schedules yet.{' '}
          {canManage
            ? 'Make one for work that comes back: a weekly inspection round, a daily opening check.'
            : 'The team’s owner and admins make them.'}
        </p>
      )}
      {failed && (
        <p role="alert" className="mt-4 text-sm text-red-700">
          Schedules could not be loaded.
        </p>
      )}
      {list.length > 0 && (
        <ul className="mt-4 space-y-3">
          {list.map((schedule) => (
            <ScheduleCard key={schedule.id} schedule={schedule} canManage={canManage} onEdit={onEdit} />
          ))}
        </ul>
      )}
    </>
  );
}

/** A free team: what schedules do, and the way to them (the owner upgrades; others ask the owner). */
function PaidOnly({ owner, kept }: { owner: boolean; kept: boolean }) {
  return (
    <div
      className="mt-4 rounded-lg border border-indigo-100 bg-indigo-50 p-4 text-sm text-slate-700"
      data-testid="schedules-paid-only"
    >
      <p className="font-medium text-slate-900">
        Recurring schedules come with the Professional and Enterprise plans.
      </p>
      <p className="mt-1">
        Pick a template, say “every Monday at 08:00”, and a fresh checklist appears on time, assigned to a
        colleague and sent to your cleaner or inspector with their link and code.
        {kept && ' Your schedules below are paused until the team is on a paid plan again.'}
      </p>
      {owner ? (
        <Button asChild size="sm" className="mt-3">
          <Link href="/pricing">
            <Sparkles className="h-4 w-4" aria-hidden="true" /> Upgrade plan
          </Link>
        </Button>
      ) : (
        <p className="mt-2">Ask the team’s owner to upgrade.</p>
      )}
    </div>
  );
}

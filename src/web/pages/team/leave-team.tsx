import { LogOut } from 'lucide-react';
import { useId } from 'react';
import { TEAM_MESSAGES, type TeamResponse } from '#domain/teams';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { useLeaveTeam } from '../../hooks/use-team-actions.ts';
import type { Ask } from './confirmation.tsx';

/**
 * 'Leave team', for anyone but the owner (who hands ownership over first: the button stays, disabled,
 * with the reason beside it). Leaving makes another of my teams the active one.
 */
export function LeaveTeam({ data, myUid, ask }: { data: TeamResponse; myUid: string; ask: Ask }) {
  const leave = useLeaveTeam();
  const reasonId = useId();
  const owner = data.myRole === 'owner';
  const team = data.team.name;
  return (
    <Card className="mt-6 flex flex-col gap-3 p-5 sm:flex-row sm:items-center sm:justify-between">
      <div>
        <h2 className="text-base font-semibold text-slate-900">Leave team</h2>
        <p id={reasonId} className="mt-1 text-sm text-slate-600">
          {owner
            ? TEAM_MESSAGES.ownerCannotLeave
            : `You lose access to ${team} and its checklists. To come back you need a new invitation.`}
        </p>
      </div>
      <Button
        variant="secondary"
        className="shrink-0"
        disabled={owner || leave.isPending}
        aria-describedby={reasonId}
        onClick={() =>
          ask({
            title: `Leave ${team}?`,
            description: `You lose access to ${team} and its checklists at once. The checklists you made stay with the team.`,
            confirmLabel: 'Leave team',
            destructive: true,
            run: () => leave.mutateAsync({ uid: myUid, teamName: team }),
          })
        }
      >
        <LogOut className="h-4 w-4" aria-hidden="true" />
        Leave team
      </Button>
    </Card>
  );
}

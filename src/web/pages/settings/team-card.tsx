import { ChevronRight, Users } from 'lucide-react';
import { Link } from 'wouter';
import { TIER_DISPLAY_NAMES } from '#domain/plans';
import { usedOf } from '#domain/team-texts';
import { Card } from '../../components/ui/card.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useTeam } from '../../hooks/use-team.ts';

/** The settings page's way to the Team page (/settings/team), with the team's name, plan and seats. */
export function TeamCard() {
  const team = useTeam();
  const data = team.data;
  return (
    <Card className="max-w-2xl p-0">
      <Link
        href="/settings/team"
        className="flex items-center gap-4 rounded-2xl p-5 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-indigo-600"
        data-testid="team-settings-link"
      >
        <Users className="h-5 w-5 shrink-0 text-indigo-600" aria-hidden="true" />
        <span className="grid min-w-0 flex-1 gap-0.5">
          <span className="text-base font-semibold text-slate-900">Team</span>
          <span className="text-sm break-words text-slate-600">
            {data ? (
              `${data.team.name} · ${TIER_DISPLAY_NAMES[data.team.tier]} plan · Seats ${usedOf(data.team.seats.used, data.team.seats.limit)}`
            ) : team.isError ? (
              'Members, invitations and roles'
            ) : (
              <Skeleton className="h-5 w-56 max-w-full" />
            )}
          </span>
        </span>
        <span className="hidden text-sm font-medium text-indigo-700 sm:inline">Manage team</span>
        <ChevronRight className="h-5 w-5 shrink-0 text-slate-400 rtl:rotate-180" aria-hidden="true" />
      </Link>
    </Card>
  );
}

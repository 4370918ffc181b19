import { Users } from 'lucide-react';
import { TIER_DISPLAY_NAMES } from '#domain/plans';
import { usedOf } from '#domain/team-texts';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useTeam } from '../../hooks/use-team.ts';
import { SettingsLinkCard } from './settings-links.tsx';

/** The settings page's way to the Team page (/settings/team), with the team's name, plan and seats. */
export function TeamCard() {
  const team = useTeam();
  const data = team.data;
  return (
    <SettingsLinkCard
      href="/settings/team"
      icon={Users}
      title="Team"
      action="Manage team"
      testId="team-settings-link"
    >
      {data ? (
        `${data.team.name} · ${TIER_DISPLAY_NAMES[data.team.tier]} plan · Seats ${usedOf(data.team.seats.used, data.team.seats.limit)}`
      ) : team.isError ? (
        'Members, invitations and roles'
      ) : (
        <Skeleton className="h-5 w-56 max-w-full" />
      )}
    </SettingsLinkCard>
  );
}

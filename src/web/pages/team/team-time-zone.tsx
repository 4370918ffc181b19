import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { canManageMembers, type TeamResponse } from '#domain/teams';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { FIELD, Label } from '../../components/ui/field.tsx';
import { TEAM_KEY } from '../../hooks/team-keys.ts';
import { teamFailure } from '../../hooks/use-team-actions.ts';
import { apiRequest } from '../../lib/api.ts';
import { cn } from '../../lib/cn.ts';
import { timeZoneOptions } from '../../lib/time-zone-options.ts';

/**
 * The team's time zone (PATCH /api/team {timeZone}): the zone insights count days in. Owners and
 * admins choose it; members read it.
 */
export function TeamTimeZone({ data }: { data: TeamResponse }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [zone, setZone] = useState(data.team.timeZone);
  const save = useMutation({
    mutationFn: (timeZone: string) => apiRequest<TeamResponse>('PATCH', '/api/team', { timeZone }),
    onSuccess: (answer) => {
      queryClient.setQueriesData<TeamResponse>({ queryKey: TEAM_KEY }, () => answer);
      setZone(answer.team.timeZone);
    },
  });
  const manage = canManageMembers(data.myRole);
  return (
    <Card className="mt-6 p-5" data-testid="team-time-zone">
      <h2 className="text-lg font-semibold text-slate-900">Time zone</h2>
      <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
        Insights count your team’s days in this zone.
      </p>
      {manage ? (
        <form
          className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end"
          onSubmit={(event) => {
            event.preventDefault();
            save.mutate(zone);
          }}
        >
          <div className="min-w-0 flex-1 sm:max-w-sm">
            <Label htmlFor={`${id}-zone`}>Team time zone</Label>
            <select
              id={`${id}-zone`}
              aria-describedby={`${id}-hint`}
              className={cn('mt-1.5 h-11', FIELD)}
              value={zone}
              onChange={(event) => {
                save.reset();
                setZone(event.target.value);
              }}
            >
              {timeZoneOptions(zone).map((option) => (
                <option key={option} value={option}>
                  {option.replaceAll('_', ' ')}
                </option>
              ))}
            </select>
          </div>
          <Button type="submit" className="h-11" disabled={save.isPending || zone === data.team.timeZone}>
            {save.isPending ? 'Saving…' : 'Save time zone'}
          </Button>
        </form>
      ) : (
        <p className="mt-3 font-medium text-slate-900">{data.team.timeZone.replaceAll('_', ' ')}</p>
      )}
      <p className="mt-2 min-h-5 text-sm" role="status">
        {save.isSuccess ? <span className="text-green-700">Time zone saved.</span> : null}
        {save.isError ? <span className="text-red-700">{teamFailure(save.error)}</span> : null}
      </p>
    </Card>
  );
}

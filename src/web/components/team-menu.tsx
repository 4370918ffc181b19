import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Check, Loader2, Settings } from 'lucide-react';
import { useLocation } from 'wouter';
import { TEAM_ROLE_LABELS } from '#domain/teams';
import { useSwitchTeam } from '../hooks/use-team-actions.ts';
import { cn } from '../lib/cn.ts';
import type { TeamMenuProps } from './team-switcher-label.tsx';

const ITEM =
  'flex min-h-10 cursor-pointer items-center gap-2 rounded-lg px-3 py-2 text-sm text-slate-800 outline-none select-none data-highlighted:bg-slate-100 data-disabled:cursor-default data-disabled:opacity-60';

/**
 * The switcher's menu: my teams as radio items (my role beside each, the active one checked), and
 * 'Team settings'. Choosing another team makes it the active one (use-team-actions.ts useSwitchTeam).
 * With one team, it is named (not a choice) above 'Team settings'.
 */
export function TeamMenu({ teams, active, triggerClassName, label }: TeamMenuProps) {
  const switchTeam = useSwitchTeam();
  const [, navigate] = useLocation();
  const switching = switchTeam.isPending ? switchTeam.variables : null;
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        aria-label={`Team: ${active.name}`}
        data-testid="team-switcher-button"
        aria-busy={switching ? true : undefined}
        className={triggerClassName}
      >
        {label(switching?.name ?? active.name)}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          collisionPadding={8}
          className="z-50 max-h-[min(28rem,80vh)] w-[min(20rem,calc(100vw-1rem))] overflow-y-auto rounded-xl border border-slate-200 bg-white p-1 shadow-lg"
        >
          <DropdownMenu.Label className="px-3 pt-2 pb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase">
            {teams.length > 1 ? 'Switch team' : 'Your team'}
          </DropdownMenu.Label>
          {teams.length > 1 ? (
            <DropdownMenu.RadioGroup
              value={switching?.id ?? active.id}
              onValueChange={(id) => {
                const team = teams.find((one) => one.id === id);
                if (team && !team.active) switchTeam.mutate(team);
              }}
            >
              {teams.map((team) => (
                <DropdownMenu.RadioItem
                  key={team.id}
                  value={team.id}
                  disabled={Boolean(switching)}
                  className={ITEM}
                  data-testid="team-option"
                >
                  <span className="flex h-4 w-4 shrink-0 items-center justify-center">
                    {switching?.id === team.id ? (
                      <Loader2 className="h-4 w-4 animate-spin text-indigo-600" aria-hidden="true" />
                    ) : (
                      <DropdownMenu.ItemIndicator>
                        <Check className="h-4 w-4 text-indigo-600" aria-hidden="true" />
                      </DropdownMenu.ItemIndicator>
                    )}
                  </span>
                  <TeamLine name={team.name} role={TEAM_ROLE_LABELS[team.role]} />
                </DropdownMenu.RadioItem>
              ))}
            </DropdownMenu.RadioGroup>
          ) : (
            <div className="flex items-center gap-2 px-3 py-2 text-sm text-slate-800">
              <Check className="h-4 w-4 shrink-0 text-indigo-600" aria-hidden="true" />
              <TeamLine name={active.name} role={TEAM_ROLE_LABELS[active.role]} />
            </div>
          )}
          <DropdownMenu.Separator className="my-1 h-px bg-slate-100" />
          <DropdownMenu.Item onSelect={() => navigate('/settings/team')} className={cn(ITEM, 'h-10')}>
            <Settings className="h-4 w-4 text-slate-500" aria-hidden="true" />
            Team settings
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

function TeamLine({ name, role }: { name: string; role: string }) {
  return (
    <span className="flex min-w-0 flex-1 items-baseline justify-between gap-3">
      <span className="truncate font-medium">{name}</span>
      <span className="shrink-0 text-xs text-slate-500">{role}</span>
    </span>
  );
}

import { useTeams } from '../hooks/use-teams.ts';
import { cn } from '../lib/cn.ts';
import { ChunkBoundary, lazyChunk, useLoadedWhenIdle } from '../lib/lazy-chunk.tsx';
import { SwitcherLabel, switcherClasses, type TeamMenuProps } from './team-switcher-label.tsx';

/**
 * The header's team switcher (issue 29): the active team's name, and a menu of my teams (with my role,
 * the active one checked) and 'Team settings'. Its menu is Radix's dropdown, a chunk fetched when the
 * browser is first idle, as the bell's is (decision 0033): until then a stand-in of the same size
 * shows the name, so nothing moves when the menu comes.
 */
const menu = lazyChunk<TeamMenuProps>(() => import('./team-menu.tsx').then((module) => module.TeamMenu));

function StandIn({ name, compact }: { name: string; compact: boolean }) {
  return (
    <span className={switcherClasses(compact)} data-testid="team-switcher-stand-in">
      <SwitcherLabel name={name} compact={compact} />
    </span>
  );
}

export function TeamSwitcher({ compact = false, className }: { compact?: boolean; className?: string }) {
  const teams = useTeams();
  const ready = useLoadedWhenIdle(menu);

  const list = teams.data;
  const active = list?.find((team) => team.active) ?? list?.[0];
  if (!list || !active) return null;
  const Menu = menu.Component;
  return (
    <div
      className={cn('min-w-0', className)}
      data-testid={compact ? 'team-switcher-compact' : 'team-switcher'}
    >
      {ready ? (
        <ChunkBoundary chunk={menu} fallback={<StandIn name={active.name} compact={compact} />}>
          <Menu
            teams={list}
            active={active}
            triggerClassName={switcherClasses(compact)}
            label={(name) => <SwitcherLabel name={name} compact={compact} />}
          />
        </ChunkBoundary>
      ) : (
        <StandIn name={active.name} compact={compact} />
      )}
    </div>
  );
}

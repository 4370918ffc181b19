import { Bell } from 'lucide-react';
import { ChunkBoundary, lazyChunk, useLoadedWhenIdle } from '../lib/lazy-chunk.tsx';

/**
 * The signed-in header's bell. Its menu, the live feed and Radix's dropdown are a chunk of their own,
 * fetched when the browser is first idle: the pages that only a recipient sees never pay for them.
 * Until it is here, a bell of the same size holds its place (nothing moves when it comes).
 *
 * The menu is not even drawn before then (decision 0033): drawn at once, React.lazy would
 * fetch the chunk the moment the owner's name arrives, and its list, its live subscription and
 * Radix's menu would be fetched, run and drawn in the same tasks as the dashboard's own data (on a
 * phone, one long task of up to 250 ms).
 */
const menu = lazyChunk<Record<string, never>>(() =>
  import('./notifications-menu.tsx').then((module) => module.LiveNotificationsMenu),
);

function BellStandIn() {
  return (
    <span
      aria-hidden="true"
      className="inline-flex h-9 w-8 items-center sm:w-9 justify-center rounded-lg text-slate-400"
      data-testid="notifications-stand-in"
    >
      <Bell className="h-5 w-5" />
    </span>
  );
}

export function NotificationsBell() {
  // Already here (a later page of the visit, a new sign-in): drawn at once.
  const ready = useLoadedWhenIdle(menu);
  if (!ready) return <BellStandIn />;
  const Menu = menu.Component;
  return (
    <ChunkBoundary chunk={menu} fallback={<BellStandIn />}>
      <Menu />
    </ChunkBoundary>
  );
}

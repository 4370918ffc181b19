import { Bell } from 'lucide-react';
import { useEffect } from 'react';
import { ChunkBoundary, lazyChunk, whenIdle } from '../lib/lazy-chunk.tsx';

/**
 * The signed-in header's bell. Its menu, the live feed and Radix's dropdown are a chunk of their own,
 * fetched when the browser is first idle: the pages that only a recipient sees never pay for them.
 * Until it is here, a bell of the same size holds its place (nothing moves when it comes).
 */
const menu = lazyChunk<Record<string, never>>(() =>
  import('./notifications-menu.tsx').then((module) => module.LiveNotificationsMenu),
);

function BellStandIn() {
  return (
    <span
      aria-hidden="true"
      className="inline-flex h-9 w-8 items-center sm:w-9 justify-center rounded-lg text-slate-400"
    >
      <Bell className="h-5 w-5" />
    </span>
  );
}

export function NotificationsBell() {
  useEffect(() => whenIdle(() => void menu.preload()), []);
  const Menu = menu.Component;
  return (
    <ChunkBoundary chunk={menu} fallback={<BellStandIn />}>
      <Menu />
    </ChunkBoundary>
  );
}

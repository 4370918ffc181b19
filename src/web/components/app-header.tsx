import {
  BarChart3,
  CalendarClock,
  LayoutDashboard,
  LogOut,
  type LucideIcon,
  Settings,
  Tag,
} from 'lucide-react';
import { Link, useLocation } from 'wouter';
import { type User, userLabel } from '#domain/user';
import { useAuth } from '../hooks/use-auth.tsx';
import { useNextTaskValue } from '../hooks/use-next-task-value.ts';
import { HydrateLater } from '../lib/hydration-pieces.tsx';
import { Brand } from './brand.tsx';
import { LocalModeBadge } from './local-mode-badge.tsx';
import { NotificationsBell } from './notifications-bell.tsx';
import { TeamSwitcher } from './team-switcher.tsx';
import { Button } from './ui/button.tsx';
import { UserAvatar } from './user-avatar.tsx';

/** Pages of a signed-in owner (routes.tsx): there the header will show who is signed in. */
const OWNER_PAGES = /^\/(dashboard|pricing|checklist\/|billing\/|settings|automation|insights)/;

/** The signed-in app header; hidden on the landing page, which has its own. */
export function AppHeader() {
  const [location] = useLocation();
  const auth = useAuth();
  // Who is signed in reaches the header a task after the page (the nav is a render of its own).
  const shown = useNextTaskValue(auth);
  const { signOut, signingOut } = auth;
  const { status } = shown;
  // Signing out takes the nav down at once with the page: its menus would read without a session.
  const user = signingOut ? null : shown.user;
  if (location === '/') return null;

  // Hydrated in a task of its own after the page's frame (lib/hydration-pieces.tsx): one element.
  return (
    <HydrateLater>
      <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-7xl items-center gap-1.5 px-3 sm:gap-3 sm:px-4">
          <Brand href={user ? '/dashboard' : '/'} />
          <LocalModeBadge />
          {user && (
            // min-w-0: the nav may narrow, and only the name and e-mail give way (they truncate).
            <nav aria-label="Main" className="ms-auto flex min-w-0 items-center sm:gap-2">
              <NavLink href="/dashboard" label="Dashboard" icon={LayoutDashboard} />
              {/* On a phone, Automation and Insights are on the line under the header (CompactUserLine). */}
              <span className="hidden sm:contents">
                <NavLink href="/automation" label="Automation" icon={CalendarClock} labelFrom="lg" />
                <NavLink href="/insights" label="Insights" icon={BarChart3} labelFrom="lg" />
              </span>
              {/* The spec's header has Pricing at every width: on a phone, its icon beside the bell. */}
              <NavLink href="/pricing" label="Pricing" icon={Tag} />
              {/* On a phone the team switcher is on the line under the header (CompactUserLine). */}
              <TeamSwitcher className="hidden md:flex" />
              <NotificationsBell />
              {/* On a phone the bell's menu holds 'Notification settings': the header keeps its width. */}
              <span className="hidden sm:contents">
                <Button asChild variant="ghost" size="sm" className="px-2">
                  <Link href="/settings" aria-label="Settings">
                    <Settings className="h-4 w-4" aria-hidden="true" />
                  </Link>
                </Button>
              </span>
              <div className="mx-1 hidden min-w-0 items-center gap-2 md:flex">
                <div className="flex min-w-0 flex-col text-end leading-tight" data-testid="header-user">
                  <span className="truncate text-sm font-semibold text-slate-900">{userLabel(user)}</span>
                  <span className="truncate text-xs text-slate-500">{user.email}</span>
                </div>
                <UserAvatar user={user} className="h-9 w-9 text-sm" />
              </div>
              <Button
                variant="secondary"
                size="header"
                className="ms-1"
                onClick={() => void signOut()}
                aria-label="Sign out"
              >
                <LogOut className="h-4 w-4" aria-hidden="true" />
                <span className="hidden sm:inline">Sign out</span>
              </Button>
            </nav>
          )}
        </div>
        {user ? (
          <CompactUserLine user={user} />
        ) : (
          // On an owner's page drawn before the sign-in is known (prerendered), the line's place is kept,
          // so that nothing below moves when it comes.
          status === 'loading' &&
          OWNER_PAGES.test(location) && (
            <div className="h-8 border-t border-slate-100 px-4 text-xs md:hidden" aria-hidden="true">
              &nbsp;
            </div>
          )
        )}
      </header>
    </HydrateLater>
  );
}

/** A page of the main nav: its icon, and its name once the screen is wide enough (`labelFrom`). */
function NavLink({
  href,
  label,
  icon: Icon,
  labelFrom = 'sm',
}: {
  href: string;
  label: string;
  icon: LucideIcon;
  labelFrom?: 'sm' | 'lg';
}) {
  return (
    <Button asChild variant="ghost" size="header">
      <Link href={href} aria-label={label}>
        <Icon className="h-4 w-4" aria-hidden="true" />
        <span className={labelFrom === 'lg' ? 'hidden lg:inline' : 'hidden sm:inline'}>{label}</span>
      </Link>
    </Button>
  );
}

/** A page of the main nav on a phone's line under the header: its icon only. */
function CompactLink({ href, label, icon: Icon }: { href: string; label: string; icon: LucideIcon }) {
  return (
    <Link
      href={href}
      aria-label={label}
      className="flex h-7 shrink-0 items-center gap-1 rounded-md px-1.5 font-medium text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600 sm:hidden"
    >
      <Icon className="h-3.5 w-3.5" aria-hidden="true" />
    </Link>
  );
}

/** A phone's line under the header: who is signed in, Automation and Insights, and the team switcher. */
function CompactUserLine({ user }: { user: User }) {
  return (
    <div className="flex h-8 items-center gap-2 border-t border-slate-100 px-4 text-xs text-slate-600 md:hidden">
      <span className="flex min-w-0 flex-1 items-center gap-2" data-testid="header-user-compact">
        <UserAvatar user={user} className="h-5 w-5 text-[9px]" />
        <span className="min-w-0 truncate">
          <span className="font-semibold text-slate-800">{userLabel(user)}</span> · {user.email}
        </span>
      </span>
      <CompactLink href="/automation" label="Automation" icon={CalendarClock} />
      <CompactLink href="/insights" label="Insights" icon={BarChart3} />
      <TeamSwitcher compact className="-me-1.5 flex shrink-0" />
    </div>
  );
}

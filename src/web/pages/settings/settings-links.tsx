import { ArrowLeft, ChevronRight, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import { Card } from '../../components/ui/card.tsx';

/** A settings page's way to one of its subpages (Team, Developers): a whole card that is one link. */
export function SettingsLinkCard({
  href,
  icon: Icon,
  title,
  children,
  action,
  testId,
}: {
  href: string;
  icon: LucideIcon;
  title: string;
  /** The line under the title. */
  children: ReactNode;
  /** A word at the end on wider screens ('Manage team'). */
  action?: string;
  testId: string;
}) {
  return (
    <Card className="max-w-2xl p-0">
      <Link
        href={href}
        className="flex items-center gap-4 rounded-2xl p-5 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-indigo-600"
        data-testid={testId}
      >
        <Icon className="h-5 w-5 shrink-0 text-indigo-600" aria-hidden="true" />
        <span className="grid min-w-0 flex-1 gap-0.5">
          <span className="text-base font-semibold text-slate-900">{title}</span>
          <span className="text-sm break-words text-slate-600">{children}</span>
        </span>
        {action && <span className="hidden text-sm font-medium text-indigo-700 sm:inline">{action}</span>}
        <ChevronRight className="h-5 w-5 shrink-0 text-slate-400 rtl:rotate-180" aria-hidden="true" />
      </Link>
    </Card>
  );
}

/** A settings subpage's way back to /settings. */
export function BackToSettings() {
  return (
    <Link
      href="/settings"
      className="inline-flex items-center gap-1 rounded text-sm font-medium text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
    >
      <ArrowLeft className="h-4 w-4 rtl:rotate-180" aria-hidden="true" />
      Settings
    </Link>
  );
}

import { ListChecks } from 'lucide-react';
import { Link } from 'wouter';
import { getPublicConfig } from '../lib/public-config.ts';

export function Brand({ href = '/' }: { href?: string }) {
  return (
    <Link
      href={href}
      className="flex items-center gap-2 rounded-md font-bold text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600"
    >
      <span
        className="flex h-8 w-8 items-center justify-center rounded-lg bg-indigo-600 text-white"
        aria-hidden="true"
      >
        <ListChecks className="h-5 w-5" />
      </span>
      {/* Below 360 px the header's icons need its width: the name is kept for screen readers only. */}
      <span className="text-base max-[359px]:sr-only sm:text-lg">{getPublicConfig().siteName}</span>
    </Link>
  );
}

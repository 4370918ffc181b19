import { type ComponentType, type ReactNode, useEffect } from 'react';
import { pageTitle } from '#domain/site';
import { getPublicConfig } from '../lib/public-config.ts';

let prerenderedTitle: string | null = null;

/** Sets the document title: the site's title, optionally preceded by the page's own name. */
export function useDocumentTitle(page?: string): void {
  const base = pageTitle(getPublicConfig().siteName);
  const title = page ? `${page} · ${base}` : base;
  // Prerendering (no document): the page's <title> is written from the last one rendered.
  if (typeof document === 'undefined') prerenderedTitle = title;
  useEffect(() => {
    document.title = title;
  }, [title]);
}

/** Prerendering only: the title the page just rendered asked for (then forgotten). */
export function takePrerenderedTitle(): string | null {
  const title = prerenderedTitle;
  prerenderedTitle = null;
  return title;
}

/** A public page's title beside its icon on an indigo tile (SMS consent, the file check). */
export function IconHeading({
  icon: Icon,
  children,
}: {
  icon: ComponentType<{ className?: string }>;
  children: ReactNode;
}) {
  return (
    <div className="flex items-center gap-3">
      <span
        className="flex h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-indigo-600 text-white"
        aria-hidden="true"
      >
        <Icon className="h-6 w-6" />
      </span>
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{children}</h1>
    </div>
  );
}

export function PageContainer({ children }: { children: ReactNode }) {
  return <main className="mx-auto w-full max-w-6xl px-4 py-8 sm:py-10">{children}</main>;
}

/** For a route whose screen a later release builds: it says so instead of pretending. */
export function ComingSoon({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div
      className="rounded-2xl border border-dashed border-indigo-300 bg-indigo-50/60 p-6 text-slate-700"
      role="note"
    >
      <p className="font-semibold text-indigo-900">{title}</p>
      <div className="mt-1 text-sm leading-relaxed">{children}</div>
    </div>
  );
}

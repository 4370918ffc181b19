import { type ReactNode, useEffect, useId, useRef } from 'react';

/**
 * A dialog that is the whole page until it is done (the shared page's code dialog): it cannot be
 * closed, so it needs none of a modal library's closing, stacking and focus-return machinery, and
 * the recipient's first download stays small (docs/modes-and-limits.md "Budgets": Radix Dialog and its scroll lock
 * weighed about 7 KiB gzipped there). The page behind is inert (out of reach of keyboard, pointer
 * and screen readers) and held still while it shows.
 */
export function PageDialog({
  title,
  description,
  aside,
  children,
}: {
  title: ReactNode;
  description?: ReactNode;
  /** Beside the title (the language switch). */
  aside?: ReactNode;
  children?: ReactNode;
}) {
  const ids = useId();
  const titleId = `${ids}-title`;
  const descriptionId = `${ids}-description`;

  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const html = document.documentElement;
    const overflow = html.style.overflow;
    html.style.overflow = 'hidden';
    const madeInert = inertAllBut(container.current);
    return () => {
      html.style.overflow = overflow;
      for (const element of madeInert) element.inert = false;
    };
  }, []);

  // Drawn where it stands (not in a portal): the server prerenders the shared page with it, and the
  // browser paints it before any JavaScript; everything else on the page is made inert instead.
  return (
    <div ref={container}>
      <div className="dialog-overlay fixed inset-0 z-50 bg-slate-900/50" aria-hidden="true" />
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        className="dialog-content fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-5 shadow-xl sm:p-6"
      >
        <div className="flex flex-wrap-reverse items-start justify-between gap-x-3 gap-y-2">
          <h2 id={titleId} className="text-lg font-semibold text-slate-900">
            {title}
          </h2>
          {aside}
        </div>
        {description && (
          <p id={descriptionId} className="mt-2 text-sm leading-relaxed text-slate-600">
            {description}
          </p>
        )}
        {children}
      </div>
    </div>
  );
}

/**
 * Makes inert every element of the page beside the path from `element` up to <body> (what a modal
 * library's "hide others" does), and returns those it changed, to be given back.
 */
function inertAllBut(element: HTMLElement | null): HTMLElement[] {
  const changed: HTMLElement[] = [];
  for (let node = element; node && node !== document.body; node = node.parentElement) {
    for (const sibling of node.parentElement?.children ?? []) {
      if (sibling === node || !(sibling instanceof HTMLElement) || sibling.inert) continue;
      sibling.inert = true;
      changed.push(sibling);
    }
  }
  return changed;
}

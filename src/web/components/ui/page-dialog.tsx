import { type ReactNode, useEffect, useId } from 'react';
import { createPortal } from 'react-dom';

/**
 * A dialog that is the whole page until it is done (the shared page's code dialog): it cannot be
 * closed, so it needs none of a modal library's closing, stacking and focus-return machinery, and
 * the recipient's first download stays small (DESIGN.md budgets: Radix Dialog and its scroll lock
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

  useEffect(() => {
    const page = document.getElementById('root');
    const html = document.documentElement;
    const overflow = html.style.overflow;
    html.style.overflow = 'hidden';
    if (page) page.inert = true;
    return () => {
      html.style.overflow = overflow;
      if (page) page.inert = false;
    };
  }, []);

  return createPortal(
    <>
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
    </>,
    document.body,
  );
}

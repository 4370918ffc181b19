import { Construction, X } from 'lucide-react';
import { useId, useState } from 'react';
import { cn } from '../lib/cn.ts';
import { readDismissed, rememberDismissed } from './development-banner-dismissal.ts';
import { MailingListForm } from './mailing-list-form.tsx';
import { Button } from './ui/button.tsx';

// Prerendering sets which landing page is drawn (with the banner or without it).
export { setDevelopmentBannerDismissed } from './development-banner-dismissal.ts';

/** The banner's icon, title and words; on a phone, 'Sign up' opens the rest (hidden until then). */
function BannerIntro({
  titleId,
  bodyId,
  open,
  onOpen,
  phoneHidden,
}: {
  titleId: string;
  bodyId: string;
  open: boolean;
  onOpen(): void;
  phoneHidden: string | false;
}) {
  return (
    <div className="flex min-w-0 flex-1 items-start gap-3 pr-10 lg:pr-0">
      <span
        className="hidden h-10 w-10 shrink-0 items-center justify-center rounded-xl bg-indigo-600 text-white sm:flex"
        aria-hidden="true"
      >
        <Construction className="h-5 w-5" />
      </span>
      <div className="min-w-0 flex-1">
        <div className="flex min-h-10 items-center justify-between gap-1.5 sm:min-h-0">
          <h2 id={titleId} className="text-[13px] font-semibold text-indigo-950 sm:text-base">
            Development in Progress
          </h2>
          {!open && (
            <Button
              variant="secondary"
              size="sm"
              aria-expanded={false}
              aria-controls={bodyId}
              onClick={onOpen}
              data-landing-action="open-banner"
              className="shrink-0 px-2.5! text-xs sm:hidden"
            >
              Sign up
            </Button>
          )}
        </div>
        <p className={cn('mt-1 text-sm leading-relaxed text-slate-700', phoneHidden)}>
          We are still building this product: sign up to hear about new features as they become available.
        </p>
      </div>
    </div>
  );
}

/**
 * The dismissible 'Development in Progress' banner with the mailing-list form (spec sections 2 and 5).
 * `className` replaces the default bottom margin. `initiallyOpen`: drawn open, as the landing page's own
 * script shows it when Sign up is pressed (decision 0067).
 */
export function DevelopmentBanner({
  className = 'mb-8',
  initiallyOpen = false,
}: {
  className?: string;
  initiallyOpen?: boolean;
}) {
  // Read synchronously on the first render, so a dismissed banner never appears and then vanishes.
  const [dismissed, setDismissed] = useState(readDismissed);
  // On a phone the banner is one line until asked for the form (wider screens always show it whole).
  const [open, setOpen] = useState(initiallyOpen);
  const ids = useId();
  const titleId = `${ids}-title`;
  const inputId = `${ids}-email`;
  const messageId = `${ids}-message`;
  const bodyId = `${ids}-body`;

  if (dismissed) return null;

  function dismiss() {
    rememberDismissed();
    setDismissed(true);
  }

  // Hidden below the sm breakpoint until opened: CSS, so the prerendered page is the same on every width.
  const phoneHidden = !open && 'hidden sm:block';

  function openForm() {
    setOpen(true);
    // The field the button promised, ready for typing (after React shows it).
    requestAnimationFrame(() => document.getElementById(inputId)?.focus());
  }

  return (
    <section
      aria-labelledby={titleId}
      className={cn(
        'relative rounded-2xl border border-indigo-200 bg-linear-to-br from-indigo-50 to-white shadow-sm sm:p-5 lg:pr-14',
        open ? 'p-4' : 'py-2 pr-2 pl-3 sm:py-5 sm:pl-5',
        className,
      )}
      data-testid="development-banner"
    >
      <Button
        variant="ghost"
        size="icon"
        aria-label="Dismiss"
        onClick={dismiss}
        data-landing-action="dismiss-banner"
        className={cn(
          'absolute right-2 text-slate-500 hover:bg-indigo-100 hover:text-slate-800 sm:top-3 sm:right-3 sm:translate-y-0',
          open ? 'top-2' : 'top-1/2 -translate-y-1/2',
        )}
      >
        <X className="h-5 w-5" aria-hidden="true" />
      </Button>

      <div
        className={cn('flex flex-col lg:flex-row lg:items-start lg:gap-8', open ? 'gap-4' : 'gap-0 sm:gap-4')}
      >
        <BannerIntro
          titleId={titleId}
          bodyId={bodyId}
          open={open}
          onOpen={openForm}
          phoneHidden={phoneHidden}
        />

        <div id={bodyId} className={cn('w-full lg:max-w-md', phoneHidden)}>
          <MailingListForm inputId={inputId} messageId={messageId} />
        </div>
      </div>
    </section>
  );
}

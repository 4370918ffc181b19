import { Construction, X } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { isEmailAddress, normalizeEmail } from '#domain/email';
import {
  MAILING_LIST_CONFIRM_HINT,
  MAILING_LIST_SUCCESS,
  type MailingListSignupResponse,
} from '#domain/mailing-list';
import { DEV_BANNER_COOKIE, DEV_BANNER_COOKIE_MAX_AGE_SECONDS } from '#domain/site';
import { apiRequest, isApiError } from '../lib/api.ts';
import { cn } from '../lib/cn.ts';
import { Button } from './ui/button.tsx';
import { Input } from './ui/field.tsx';

/** Where an earlier version remembered the dismissal (read once, then carried over to the cookie). */
const OLD_DISMISSED_KEY = 'listsync:dev-banner-dismissed';
const DISMISSED = `${DEV_BANNER_COOKIE}=dismissed`;

const EMPTY_EMAIL_MESSAGE = 'Please enter your email address.';
/** The server's schema (user-input.ts) says the same of every malformed address. */
const INVALID_EMAIL_MESSAGE = 'Please enter a valid email address.';
const SIGNUP_FAILED_MESSAGE = 'Could not sign you up right now. Please try again later.';

let prerenderDismissed = false;

/** Prerendering only: whether the page being drawn is the one for a visitor who closed the banner. */
export function setDevelopmentBannerDismissed(dismissed: boolean): void {
  prerenderDismissed = dismissed;
}

/**
 * Remembered in a cookie, not in storage: the server sends a landing page drawn without the banner
 * when it sees the cookie (src/server/http/pages/prerendered-pages.ts), so it never shows for a moment.
 */
function readDismissed(): boolean {
  if (typeof document === 'undefined') return prerenderDismissed;
  if (document.cookie.split('; ').includes(DISMISSED)) return true;
  try {
    // Storage can throw (disabled cookies, some private modes); the banner then simply is not remembered.
    if (window.localStorage.getItem(OLD_DISMISSED_KEY) !== '1') return false;
    window.localStorage.removeItem(OLD_DISMISSED_KEY);
  } catch {
    return false;
  }
  rememberDismissed();
  return true;
}

function rememberDismissed(): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Firefox and older Safari; one fixed value, nothing to escape
  document.cookie = `${DISMISSED}; Max-Age=${DEV_BANNER_COOKIE_MAX_AGE_SECONDS}; Path=/; SameSite=Lax${
    window.location.protocol === 'https:' ? '; Secure' : ''
  }`;
}

type SignupState =
  | { kind: 'idle' }
  | { kind: 'sending' }
  | { kind: 'done' }
  | { kind: 'error'; message: string; field: boolean };

/**
 * The dismissible 'Development in Progress' banner with the mailing-list form (spec sections 2 and 5).
 * `className` replaces the default bottom margin.
 */
export function DevelopmentBanner({ className = 'mb-8' }: { className?: string }) {
  // Read synchronously on the first render, so a dismissed banner never appears and then vanishes.
  const [dismissed, setDismissed] = useState(readDismissed);
  const [email, setEmail] = useState('');
  const [state, setState] = useState<SignupState>({ kind: 'idle' });
  // On a phone the banner is one line until asked for the form (wider screens always show it whole).
  const [open, setOpen] = useState(false);
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

  async function subscribe(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (state.kind === 'sending') return;
    if (!email.trim()) {
      setState({ kind: 'error', message: EMPTY_EMAIL_MESSAGE, field: true });
      return;
    }
    // The rule the server's schema applies (email.ts), without zod on the first screen: a malformed
    // address never leaves the browser.
    if (!isEmailAddress(email)) {
      setState({ kind: 'error', message: INVALID_EMAIL_MESSAGE, field: true });
      return;
    }

    setState({ kind: 'sending' });
    try {
      await apiRequest<MailingListSignupResponse>('POST', '/api/mailing-list/subscribe', {
        email: normalizeEmail(email),
      });
      setState({ kind: 'done' });
    } catch (error) {
      if (isApiError(error) && error.status === 400 && error.serverMessage) {
        setState({ kind: 'error', message: error.serverMessage, field: true });
        return;
      }
      // The spec only logs a mailing-list failure; the visitor still learns it did not work.
      console.warn('Mailing-list signup failed', error);
      setState({ kind: 'error', message: SIGNUP_FAILED_MESSAGE, field: false });
    }
  }

  const sending = state.kind === 'sending';
  const fieldError = state.kind === 'error' && state.field;
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
                  onClick={openForm}
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

        <div id={bodyId} className={cn('w-full lg:max-w-md', phoneHidden)}>
          {state.kind === 'done' ? (
            <div
              role="status"
              className="rounded-lg border border-green-200 bg-green-50 px-3 py-2.5 text-sm text-green-800"
            >
              <p className="font-medium">{MAILING_LIST_SUCCESS}</p>
              {/* Double opt-in: the same words whether or not the address was listed (nothing revealed). */}
              <p className="mt-1">{MAILING_LIST_CONFIRM_HINT}</p>
            </div>
          ) : (
            <form noValidate onSubmit={subscribe} aria-label="Mailing list signup">
              <label htmlFor={inputId} className="sr-only">
                Email address
              </label>
              <div className="flex flex-col gap-2 sm:flex-row">
                <Input
                  id={inputId}
                  type="email"
                  name="email"
                  required
                  autoComplete="email"
                  inputMode="email"
                  placeholder="you@example.com"
                  value={email}
                  onChange={(event) => {
                    setEmail(event.target.value);
                    if (state.kind === 'error') setState({ kind: 'idle' });
                  }}
                  aria-invalid={fieldError || undefined}
                  aria-describedby={state.kind === 'error' ? messageId : undefined}
                  className="min-w-0 sm:flex-1"
                />
                <Button type="submit" disabled={sending} aria-busy={sending} className="h-11 shrink-0">
                  {sending ? 'Signing up…' : 'Notify Me'}
                </Button>
              </div>
              {state.kind === 'error' && (
                <p id={messageId} role="alert" className="mt-2 text-sm font-medium text-red-700">
                  {state.message}
                </p>
              )}
            </form>
          )}
        </div>
      </div>
    </section>
  );
}

import { LayoutDashboard, LogIn } from 'lucide-react';
import { Link } from 'wouter';
import { Brand } from '../../components/brand.tsx';
import { SwapTemplate } from '../../components/landing-templates.tsx';
import { LocalModeBadge } from '../../components/local-mode-badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { SIGNING_IN, useLandingActions } from './use-landing-actions.ts';

const NAV_LINK =
  'rounded-md px-2 py-1.5 text-sm font-medium text-slate-600 transition-colors hover:text-indigo-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600';

/** 'Sign In' (or 'Signing in...') signed out, the link to the dashboard signed in. */
function HeaderAction({
  signedIn,
  signingIn,
  onSignIn,
}: {
  signedIn: boolean;
  signingIn: boolean;
  onSignIn?: () => void;
}) {
  if (signedIn) {
    return (
      <Button asChild size="sm">
        <Link href="/dashboard">
          <LayoutDashboard className="h-4 w-4" aria-hidden="true" />
          Dashboard
        </Link>
      </Button>
    );
  }
  return (
    <Button
      size="sm"
      onClick={onSignIn}
      disabled={signingIn}
      aria-busy={signingIn}
      data-landing-action="sign-in"
      data-busy-label={SIGNING_IN}
    >
      <LogIn className="h-4 w-4" aria-hidden="true" />
      {signingIn ? SIGNING_IN : 'Sign In'}
    </Button>
  );
}

/** The landing page's own header (the app header is hidden on /). */
export function LandingHeader() {
  const { signedIn, signingIn, signIn, onPricingClick } = useLandingActions();

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <a
        href="#main"
        className="sr-only rounded-md bg-white px-3 py-2 text-sm font-medium text-indigo-700 focus:not-sr-only focus:absolute focus:top-3 focus:left-3 focus:z-50 focus:px-3 focus:py-2 focus:shadow-md focus:outline-2 focus:outline-indigo-600"
      >
        Skip to content
      </a>
      <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-3 gap-y-1 px-4 py-3">
        <Brand />
        <LocalModeBadge />
        <nav
          aria-label="Main"
          className="order-last -mx-2 flex w-full items-center gap-1 sm:order-none sm:mx-0 sm:ml-auto sm:w-auto sm:gap-2"
        >
          <a href="#features" className={NAV_LINK}>
            Features
          </a>
          <a href="#how-it-works" className={NAV_LINK}>
            How It Works
          </a>
          <Link
            href="/pricing"
            onClick={onPricingClick}
            className={NAV_LINK}
            data-landing-action={signedIn ? undefined : 'pricing'}
          >
            Pricing
          </Link>
        </nav>
        <div className="ml-auto sm:ml-2">
          <HeaderAction signedIn={signedIn} signingIn={signingIn} onSignIn={() => void signIn()} />
          {!signedIn && (
            <SwapTemplate swap="signed-in">
              <HeaderAction signedIn signingIn={false} />
            </SwapTemplate>
          )}
        </div>
      </div>
    </header>
  );
}

import { type MouseEvent, useCallback, useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import { useAuth } from '../../hooks/use-auth.tsx';

/** True while the component that called it is mounted: a sign-in that ends after the visitor left does not navigate. */
function useMountedRef() {
  const mounted = useRef(false);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);
  return mounted;
}

export const SIGNING_IN = 'Signing in...';

/** The calls to action's words (the page's own script shows the signed-in ones from the prerender's drawing). */
export function getStartedLabel(signedIn: boolean, signingIn: boolean): string {
  return signingIn ? SIGNING_IN : signedIn ? 'Go to Dashboard' : 'Get Started';
}

/**
 * The landing page's calls to action (spec section 2): signed in, they go straight to their page;
 * signed out, they open the sign-in popup first and go on only if the sign-in succeeded.
 */
export function useLandingActions() {
  const { status, signingIn, signIn } = useAuth();
  const [, navigate] = useLocation();
  const mounted = useMountedRef();
  const signedIn = status === 'signed-in';

  const signInThenGo = useCallback(
    (path: string) => {
      if (signedIn) {
        navigate(path);
        return;
      }
      // signIn() opens the popup synchronously, inside the click, so pop-up blockers let it through.
      void signIn().then((ok) => {
        if (ok && mounted.current) navigate(path);
      });
    },
    [signedIn, signIn, navigate, mounted],
  );

  const getStarted = {
    label: getStartedLabel(signedIn, signingIn),
    busy: signingIn,
    onClick: () => signInThenGo('/dashboard'),
  };

  /** For the header's Pricing link: an ordinary link when signed in, sign-in first otherwise. */
  const onPricingClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (signedIn) return;
    event.preventDefault();
    if (!signingIn) signInThenGo('/pricing');
  };

  return { signedIn, signingIn, signIn, getStarted, onPricingClick };
}

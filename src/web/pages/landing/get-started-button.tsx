import { ArrowRight } from 'lucide-react';
import { SwapTemplate } from '../../components/landing-templates.tsx';
import { Button, type ButtonProps } from '../../components/ui/button.tsx';
import { getStartedLabel, SIGNING_IN, useLandingActions } from './use-landing-actions.ts';

type GetStartedStyle = Pick<ButtonProps, 'variant' | 'className'>;

function GetStartedView({
  variant = 'primary',
  className,
  label,
  busy,
  onClick,
}: GetStartedStyle & { label: string; busy: boolean; onClick?: () => void }) {
  return (
    <Button
      size="lg"
      variant={variant}
      className={className}
      onClick={onClick}
      disabled={busy}
      aria-busy={busy}
      data-landing-action="get-started"
      data-busy-label={SIGNING_IN}
    >
      {label}
      {!busy && <ArrowRight className="h-5 w-5" aria-hidden="true" />}
    </Button>
  );
}

/** 'Get Started' / 'Go to Dashboard' / 'Signing in...': the hero's and the closing call to action's button. */
export function GetStartedButton(style: GetStartedStyle) {
  const { getStarted, signedIn } = useLandingActions();
  return (
    <>
      <GetStartedView
        {...style}
        label={getStarted.label}
        busy={getStarted.busy}
        onClick={getStarted.onClick}
      />
      {!signedIn && (
        <SwapTemplate swap="signed-in">
          <GetStartedView {...style} label={getStartedLabel(true, false)} busy={false} />
        </SwapTemplate>
      )}
    </>
  );
}

import { ArrowRight } from 'lucide-react';
import { Button, type ButtonProps } from '../../components/ui/button.tsx';
import { useLandingActions } from './use-landing-actions.ts';

/** 'Get Started' / 'Go to Dashboard' / 'Signing in...': the hero's and the closing call to action's button. */
export function GetStartedButton({
  variant = 'primary',
  className,
}: Pick<ButtonProps, 'variant' | 'className'>) {
  const { getStarted } = useLandingActions();
  return (
    <Button
      size="lg"
      variant={variant}
      className={className}
      onClick={getStarted.onClick}
      disabled={getStarted.busy}
      aria-busy={getStarted.busy}
    >
      {getStarted.label}
      {!getStarted.busy && <ArrowRight className="h-5 w-5" aria-hidden="true" />}
    </Button>
  );
}

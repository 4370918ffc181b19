import { AlertCircle, CheckCircle2, Clock, XCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'wouter';
import type { CheckoutStatus } from '#domain/billing';
import { LANGUAGE_CODES } from '#domain/languages';
import { PLAN_LIMITS, TIER_DISPLAY_NAMES } from '#domain/plans';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { billingDate } from './plan-status.ts';
import { Actions } from './result-card.tsx';

/**
 * What the success page's card says in one state: its icon, title and what follows the title. Each
 * state fills the same ResultCard, so going from one to the next updates the card in place.
 */
export interface ResultContent {
  icon: ReactNode;
  title: string;
  children: ReactNode;
}

export function signInResult(): ResultContent {
  return {
    icon: <AlertCircle className="mx-auto h-12 w-12 text-amber-500" aria-hidden="true" />,
    title: 'Sign in to see your plan',
    children: (
      <>
        <p className="mt-2 text-slate-600">
          Sign in with the account you paid with: the dashboard shows your plan once the payment is confirmed.
        </p>
        <Actions primary={['/', 'Go to the home page']} />
      </>
    ),
  };
}

export function noPaymentResult(): ResultContent {
  return {
    icon: <AlertCircle className="mx-auto h-12 w-12 text-amber-500" aria-hidden="true" />,
    title: 'No payment to confirm',
    children: (
      <>
        <p className="mt-2 text-slate-600">
          This page confirms a checkout, and this link does not name one of yours. If you have just paid, your
          plan shows on the dashboard as soon as the payment is confirmed.
        </p>
        <Actions primary={['/dashboard', 'Go to Dashboard']} secondary={['/pricing', 'See plans']} />
      </>
    ),
  };
}

/**
 * What the plan gives that the free plan does not, in one line (DESIGN 'Every plan card is true': no
 * success page claims what a free owner also has, such as live updates).
 */
const PAID_PLAN_SUMMARY: Record<CheckoutStatus['tier'], string> = {
  professional: `Up to ${PLAN_LIMITS.professional.maxLists} checklists, ${PLAN_LIMITS.professional.maxSeats} team members, all ${LANGUAGE_CODES.length} languages, insights, the API and webhooks, recurring schedules and booking calendars synced every 15 minutes`,
  enterprise: `Unlimited checklists and users, unlimited storage, all ${LANGUAGE_CODES.length} languages, insights, the API and webhooks, recurring schedules and booking calendars synced every 15 minutes`,
};

export function confirmedResult(data: CheckoutStatus, siteName: string): ResultContent {
  const plan = TIER_DISPLAY_NAMES[data.tier];
  return {
    icon: <CheckCircle2 className="mx-auto h-12 w-12 text-green-600" aria-hidden="true" />,
    title: 'Subscription Successful!',
    children: (
      <>
        <p className="mt-2 text-slate-600">
          Welcome to {siteName} {plan}. Your subscription is now active.
        </p>
        <p className="mt-2 text-sm text-slate-600">
          {PAID_PLAN_SUMMARY[data.tier]}.
          {data.trialEnd ? ` Your free trial runs until ${billingDate(data.trialEnd)}.` : ''}
        </p>
        <Actions primary={['/dashboard', 'Go to Dashboard']} />
      </>
    ),
  };
}

export function expiredResult(): ResultContent {
  return {
    icon: <XCircle className="mx-auto h-12 w-12 text-slate-400" aria-hidden="true" />,
    title: 'This checkout has expired',
    children: (
      <>
        <p className="mt-2 text-slate-600">
          Nothing was charged. Start again from the pricing page whenever you like.
        </p>
        <Actions primary={['/pricing', 'Back to Pricing']} secondary={['/dashboard', 'Go to Dashboard']} />
      </>
    ),
  };
}

export function stillConfirmingResult(onCheckAgain: () => void): ResultContent {
  return {
    icon: <Clock className="mx-auto h-12 w-12 text-amber-500" aria-hidden="true" />,
    title: 'Still confirming your payment',
    children: (
      <>
        <p className="mt-2 text-slate-600" role="status">
          Your payment provider has not confirmed the payment to us yet. This usually takes seconds; your plan
          appears on the dashboard by itself once it does. You will not be charged twice.
        </p>
        <div className="mt-6 flex flex-col justify-center gap-2 sm:flex-row">
          <Button onClick={onCheckAgain}>Check again</Button>
          <Button asChild variant="secondary">
            <Link href="/dashboard">Go to Dashboard</Link>
          </Button>
        </div>
      </>
    ),
  };
}

export function confirmingResult(data: CheckoutStatus | undefined): ResultContent {
  return {
    icon: <Spinner className="justify-center" label="Confirming" />,
    title: 'Confirming your payment…',
    children: (
      <p className="mt-2 text-slate-600" role="status" aria-live="polite">
        We are waiting for the payment provider to confirm your {data ? TIER_DISPLAY_NAMES[data.tier] : ''}{' '}
        subscription. This page updates by itself.
      </p>
    ),
  };
}

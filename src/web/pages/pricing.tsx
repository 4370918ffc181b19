import { Check, ChevronDown } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';
import {
  type BillingInterval,
  isPaidTier,
  planPrice,
  TRIAL_DAYS,
  YEARLY_DISCOUNT_PERCENT,
} from '#domain/billing';
import { groupThousands } from '#domain/numbers';
import {
  PLAN_CARDS,
  PLAN_FEATURE_LINKS,
  type PlanCard,
  planFeatures,
  type SubscriptionInfo,
  TIER_DISPLAY_NAMES,
} from '#domain/plans';
import { PageContainer, useDocumentTitle } from '../components/page.tsx';
import { StorageMeter } from '../components/storage-meter.tsx';
import { Card } from '../components/ui/card.tsx';
import { Skeleton } from '../components/ui/skeleton.tsx';
import { useSubscription } from '../hooks/use-checklists.ts';
import { cn } from '../lib/cn.ts';
import { getPublicConfig } from '../lib/public-config.ts';
import { PlanAction } from './billing/plan-action.tsx';
import { billingDate, planStatusLine } from './billing/plan-status.ts';

export default function PricingPage() {
  useDocumentTitle('Pricing');
  const subscription = useSubscription();
  const [interval, setInterval] = useState<BillingInterval>(subscription.data?.interval ?? 'month');
  const info = subscription.data;
  return (
    <PageContainer>
      <div className="mx-auto max-w-2xl text-center">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Choose Your Plan</h1>
        <p className="mt-3 text-lg text-slate-600">
          Start free and move up when your team needs more checklists, people and languages.
        </p>
        <CurrentPlanLine info={info} loading={subscription.isPending} />
        <IntervalSwitch value={interval} onChange={setInterval} />
      </div>

      <ul aria-label="Plans" className="mt-10 grid gap-6 lg:grid-cols-3">
        {PLAN_CARDS.map((plan) => (
          <li key={plan.id}>
            <PlanCardView plan={plan} interval={interval} info={info} />
          </li>
        ))}
      </ul>

      {getPublicConfig().translation ? null : (
        <p
          className="mx-auto mt-6 max-w-2xl text-center text-sm text-slate-600"
          data-testid="translation-off"
        >
          Machine translation is not set up on this server: recipients see the page in their language, and
          your checklist text as you wrote it.
        </p>
      )}

      <Faq />
    </PageContainer>
  );
}

function CurrentPlanLine({ info, loading }: { info: SubscriptionInfo | undefined; loading: boolean }) {
  if (!info) {
    return loading ? <Skeleton className="mx-auto mt-3 h-5 w-64" /> : null;
  }
  const status = planStatusLine(info);
  return (
    <p className="mt-3 text-sm leading-relaxed text-slate-600" data-testid="current-plan">
      You are on the <strong className="font-semibold text-slate-800">{TIER_DISPLAY_NAMES[info.tier]}</strong>{' '}
      plan{status ? ` · ${status}` : '.'}
      {info.status === 'canceled' && info.tier === 'free' && info.currentPeriodEnd
        ? ` Your paid plan ended on ${billingDate(info.currentPeriodEnd)}.`
        : ''}
    </p>
  );
}

function IntervalSwitch({
  value,
  onChange,
}: {
  value: BillingInterval;
  onChange(next: BillingInterval): void;
}) {
  const option = (interval: BillingInterval, label: string) => (
    <label className="relative">
      <input
        type="radio"
        name="billing-interval"
        value={interval}
        checked={value === interval}
        onChange={() => onChange(interval)}
        className="peer sr-only"
      />
      <span className="flex h-9 cursor-pointer items-center rounded-full px-4 text-sm font-medium text-slate-700 transition-colors peer-checked:bg-indigo-600 peer-checked:text-white peer-checked:shadow-sm peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-indigo-600 hover:bg-slate-100 peer-checked:hover:bg-indigo-600">
        {label}
      </span>
    </label>
  );
  return (
    <div className="mt-6 flex flex-col items-center gap-2">
      <fieldset className="inline-flex gap-1 rounded-full border border-slate-200 bg-white p-1">
        <legend className="sr-only">Billing period</legend>
        {option('month', 'Monthly')}
        {option('year', 'Yearly')}
      </fieldset>
      <p className="text-sm font-medium text-green-700">Save {YEARLY_DISCOUNT_PERCENT}% yearly</p>
    </div>
  );
}

/** Does this card name the plan the owner is on? */
function isCurrent(plan: PlanCard, info: SubscriptionInfo | undefined): boolean {
  return info?.tier === plan.id;
}

function PlanCardView({
  plan,
  interval,
  info,
}: {
  plan: PlanCard;
  interval: BillingInterval;
  info: SubscriptionInfo | undefined;
}) {
  const titleId = `plan-${plan.id}-title`;
  const current = isCurrent(plan, info);
  const paid = isPaidTier(plan.id);
  const yearly = paid && interval === 'year';
  const status = current && info ? planStatusLine(info) : null;
  return (
    <Card
      aria-labelledby={titleId}
      role="group"
      className={cn(
        'relative flex h-full flex-col p-6 sm:p-8',
        plan.popular && 'border-indigo-600 ring-2 ring-indigo-600',
      )}
    >
      {plan.popular && (
        <span className="absolute -top-3 left-1/2 -translate-x-1/2 rounded-full bg-indigo-600 px-3 py-1 text-xs font-semibold whitespace-nowrap text-white shadow-sm">
          Most Popular
        </span>
      )}
      <div className="flex items-center justify-between gap-3">
        <h2 id={titleId} className="text-xl font-semibold text-slate-900">
          {plan.name}
        </h2>
        {current && (
          <span className="rounded-full bg-green-100 px-2.5 py-0.5 text-xs font-semibold text-green-800 ring-1 ring-green-300">
            Current plan
          </span>
        )}
      </div>
      {status && (
        <p className="mt-1 text-sm font-medium text-slate-700" data-testid={`plan-${plan.id}-status`}>
          {status}
        </p>
      )}
      <p className="mt-2 text-sm leading-relaxed text-slate-600">{plan.description}</p>
      {current && info?.storage && (
        // The team's storage against this plan's (docs/storage.md): the card's 'GB storage' line, measured.
        <dl className="mt-4">
          <StorageMeter storage={info.storage} canUpgrade={false} compact testId="pricing-storage" />
        </dl>
      )}
      <PlanPrice plan={plan} yearly={yearly} paid={paid} />

      <PlanFeatureList plan={plan} />

      <div className="mt-8">
        <PlanAction plan={plan} interval={interval} info={info} current={current} />
      </div>
    </Card>
  );
}

function PlanPrice({ plan, yearly, paid }: { plan: PlanCard; yearly: boolean; paid: boolean }) {
  return (
    <>
      <p className="mt-6 flex items-baseline gap-1" data-testid="plan-price">
        <span className="text-4xl font-bold tracking-tight text-slate-900">
          ${groupThousands(planPrice(plan.id, yearly ? 'year' : 'month'))}
        </span>
        <span className="text-sm font-medium text-slate-500">{yearly ? '/year' : '/month'}</span>
      </p>
      {!paid ? (
        <p className="mt-1 text-sm text-slate-500">Free forever</p>
      ) : yearly ? (
        <p className="mt-1 text-sm text-green-700">
          ${(planPrice(plan.id, 'year') / 12).toFixed(2)}/month, billed yearly
        </p>
      ) : (
        <p className="mt-1 text-sm font-medium text-green-700">{plan.yearlyDiscount}</p>
      )}
    </>
  );
}

/** The card's lines as this server honours them (decision 0056); 'SLA' and 'Custom deployment' open their documents. */
function PlanFeatureList({ plan }: { plan: PlanCard }) {
  return (
    <ul className="mt-6 flex-1 space-y-3" aria-label={`${plan.name} plan features`}>
      {planFeatures(plan, getPublicConfig().translation).map((feature) => {
        const href = PLAN_FEATURE_LINKS[feature];
        return (
          <li key={feature} className="flex items-start gap-3 text-sm text-slate-700">
            <Check className="mt-0.5 h-4 w-4 shrink-0 text-indigo-600" aria-hidden="true" />
            {href ? (
              <Link
                href={href}
                className="text-indigo-700 underline underline-offset-2 hover:text-indigo-900"
              >
                {feature}
              </Link>
            ) : (
              feature
            )}
          </li>
        );
      })}
    </ul>
  );
}

function Faq() {
  const { siteName, supportEmail } = getPublicConfig();
  const questions: { question: string; answer: string }[] = [
    {
      question: 'Is there a free trial?',
      answer: `Yes. Your first subscription starts with a free trial: ${TRIAL_DAYS.professional} days on Professional and ${TRIAL_DAYS.enterprise} days on Enterprise. You are charged only when the trial ends, and you can cancel before then at no cost. The Free plan costs nothing for as long as you use it.`,
    },
    {
      question: 'Can I change plans later?',
      answer:
        'Yes. Paying owners open Manage billing to switch plan or billing period, update their card, see invoices, or cancel at the end of the period. Moving down never deletes anything: if you have more checklists than the new plan allows, you keep every one of them and can open, edit, share and delete them, but you cannot create new ones until you are under the limit.',
    },
    {
      question: 'What counts as a checklist?',
      answer:
        'Each checklist you create counts once towards your plan’s limit, however many tasks, photos or recipients it has. Deleting a checklist frees its place.',
    },
    {
      question: 'Do the people I share with need an account?',
      answer:
        'No. They open the link you send, enter the 6-digit code that arrives by e-mail or text message, and can tick tasks, add photos and write remarks on that one checklist.',
    },
    {
      question: 'How is my data kept secure?',
      answer:
        'Only you can see your checklists. A shared checklist opens only after the recipient enters a code that expires after 10 minutes and stops working after 5 wrong tries, and you can revoke a link at any time. Photos are shown only to you and the verified recipient. Card details go to our payment provider and never reach our servers.',
    },
  ];

  return (
    <section aria-labelledby="faq-title" className="mx-auto mt-16 max-w-3xl">
      <h2 id="faq-title" className="text-center text-2xl font-bold tracking-tight text-slate-900">
        Frequently Asked Questions
      </h2>
      <div className="mt-8 divide-y divide-slate-200 overflow-hidden rounded-2xl border border-slate-200 bg-white">
        {questions.map(({ question, answer }) => (
          <details key={question} className="group">
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 px-5 py-4 font-medium text-slate-900 hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-indigo-600 [&::-webkit-details-marker]:hidden">
              {question}
              <ChevronDown
                className="h-5 w-5 shrink-0 text-slate-400 transition-transform group-open:rotate-180"
                aria-hidden="true"
              />
            </summary>
            <p className="px-5 pb-5 text-sm leading-relaxed text-slate-600">{answer}</p>
          </details>
        ))}
      </div>
      {supportEmail && (
        <p className="mt-6 text-center text-sm text-slate-600">
          Another question? Write to the {siteName} team at{' '}
          <a
            href={`mailto:${supportEmail}`}
            className="font-medium text-indigo-700 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
          >
            {supportEmail}
          </a>
          .
        </p>
      )}
    </section>
  );
}

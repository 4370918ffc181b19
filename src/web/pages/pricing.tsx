import { Check, ChevronDown } from 'lucide-react';
import { Link } from 'wouter';
import { DEFAULT_TIER, PLAN_CARDS, type PlanCard, TIER_DISPLAY_NAMES, type Tier } from '#domain/plans';
import { PageContainer, useDocumentTitle } from '../components/page.tsx';
import { Button } from '../components/ui/button.tsx';
import { Card } from '../components/ui/card.tsx';
import { cn } from '../lib/cn.ts';
import { getPublicConfig } from '../lib/public-config.ts';

// There is no subscription API yet (billing is a later release), so every account is on the default tier.
const CURRENT_TIER: Tier = DEFAULT_TIER;

export default function PricingPage() {
  useDocumentTitle('Pricing');
  return (
    <PageContainer>
      <div className="mx-auto max-w-2xl text-center">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Choose Your Plan</h1>
        <p className="mt-3 text-lg text-slate-600">
          Start free and move up when your team needs more checklists, people and languages.
        </p>
        <p className="mt-3 text-sm leading-relaxed text-slate-500">
          You are on the{' '}
          <strong className="font-semibold text-slate-700">{TIER_DISPLAY_NAMES[CURRENT_TIER]}</strong> plan.
          Paid plans cannot be bought on this server yet: card checkout arrives in a later release.
        </p>
      </div>

      <ul aria-label="Plans" className="mt-10 grid gap-6 lg:grid-cols-3">
        {PLAN_CARDS.map((plan) => (
          <li key={plan.id}>
            <PlanCardView plan={plan} current={plan.id === CURRENT_TIER} />
          </li>
        ))}
      </ul>

      <Faq />
    </PageContainer>
  );
}

function PlanCardView({ plan, current }: { plan: PlanCard; current: boolean }) {
  const titleId = `plan-${plan.id}-title`;
  const noteId = `plan-${plan.id}-note`;
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
      <p className="mt-2 text-sm leading-relaxed text-slate-600">{plan.description}</p>
      <p className="mt-6 flex items-baseline gap-1" data-testid="plan-price">
        <span className="text-4xl font-bold tracking-tight text-slate-900">${plan.price}</span>
        <span className="text-sm font-medium text-slate-500">/month</span>
      </p>
      {plan.yearlyDiscount ? (
        <p className="mt-1 text-sm font-medium text-green-700">{plan.yearlyDiscount}</p>
      ) : (
        <p className="mt-1 text-sm text-slate-500">Free forever</p>
      )}

      <ul className="mt-6 flex-1 space-y-3" aria-label={`${plan.name} plan features`}>
        {plan.features.map((feature) => (
          <li key={feature} className="flex items-start gap-3 text-sm text-slate-700">
            <Check className="mt-0.5 h-4 w-4 shrink-0 text-indigo-600" aria-hidden="true" />
            {feature}
          </li>
        ))}
      </ul>

      <div className="mt-8">
        {plan.price === 0 ? (
          <Button asChild variant={current ? 'secondary' : 'primary'} className="w-full">
            <Link href="/dashboard">{current ? 'Go to Dashboard' : `Choose ${plan.name}`}</Link>
          </Button>
        ) : (
          <Button
            className="w-full"
            variant={plan.popular ? 'primary' : 'secondary'}
            disabled
            aria-describedby={noteId}
          >
            Checkout coming soon
          </Button>
        )}
        <p id={noteId} className="mt-2 text-center text-xs text-slate-500">
          {plan.price === 0 ? 'No card needed.' : 'Card checkout is not open yet.'}
        </p>
      </div>
    </Card>
  );
}

function Faq() {
  const { siteName, supportEmail } = getPublicConfig();
  const questions: { question: string; answer: string }[] = [
    {
      question: 'Is there a free trial?',
      answer:
        'Yes. The Pro plan comes with a 7-day free trial, and Enterprise with a 30-day trial. The Free plan costs nothing for as long as you use it.',
    },
    {
      question: 'Can I change plans later?',
      answer:
        'Yes. Once card checkout opens you can move up or down, or cancel, whenever you like. Until then every account is on the Free plan.',
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
      answer: `Only you can see your checklists. A shared checklist opens only after the recipient enters a code that expires after 10 minutes and stops working after 5 wrong tries, and you can revoke a link at any time. Photos are shown only to you and the verified recipient.`,
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

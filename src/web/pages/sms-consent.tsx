import { CheckCircle2, MessageSquareText } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import type { SmsConsentResponse } from '#domain/sms-consent';
import { IconHeading, PageContainer, useDocumentTitle } from '../components/page.tsx';
import { Button } from '../components/ui/button.tsx';
import { Card } from '../components/ui/card.tsx';
import { getPublicConfig } from '../lib/public-config.ts';
import { AboutMessages } from './sms-consent/about-messages.tsx';
import { ConsentChoices, NameField, PhoneField, SubmitRow } from './sms-consent/consent-fields.tsx';
import { useConsentForm } from './sms-consent/use-consent-form.ts';

export default function SmsConsentPage() {
  useDocumentTitle('SMS Consent');
  const [recorded, setRecorded] = useState<SmsConsentResponse | null>(null);
  return (
    <PageContainer>
      <div className="mx-auto w-full max-w-2xl">
        {recorded ? (
          <ConsentRecorded phoneNumber={recorded.phoneNumber} />
        ) : (
          <ConsentForm onRecorded={setRecorded} />
        )}
      </div>
    </PageContainer>
  );
}

function ConsentForm({ onRecorded }: { onRecorded(response: SmsConsentResponse): void }) {
  const { siteName, smsSenderNumber, supportEmail } = getPublicConfig();
  const form = useConsentForm(onRecorded);

  return (
    <>
      <IconHeading icon={MessageSquareText}>SMS Consent</IconHeading>
      <p className="mt-3 text-slate-600">
        Agree to receive text messages from {siteName} about checklists shared with you, such as verification
        codes and checklist updates.
      </p>

      <Card className="mt-6 p-5 sm:p-8">
        <form noValidate onSubmit={form.submit} aria-label="SMS consent" className="grid gap-5">
          <div className="grid gap-5 sm:grid-cols-2">
            <NameField form={form} name="firstName" />
            <NameField form={form} name="lastName" />
          </div>
          <PhoneField form={form} />
          <ConsentChoices form={form} siteName={siteName} />
          <SubmitRow form={form} />
        </form>
      </Card>

      <AboutMessages ids={form.ids} smsSenderNumber={smsSenderNumber} supportEmail={supportEmail} />
    </>
  );
}

function ConsentRecorded({ phoneNumber }: { phoneNumber: string }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The form the visitor was in is gone: move focus to the news, for keyboard and screen-reader users.
  useEffect(() => heading.current?.focus(), []);
  return (
    <Card className="mt-4 p-6 text-center sm:p-10">
      <CheckCircle2 className="mx-auto h-12 w-12 text-green-600" aria-hidden="true" />
      <h1 ref={heading} tabIndex={-1} className="mt-4 text-2xl font-bold text-slate-900 focus:outline-none">
        Consent Recorded
      </h1>
      <p className="mt-2 text-slate-600">
        Text messages about checklists shared with you will be sent to{' '}
        <span className="font-semibold whitespace-nowrap text-slate-900" data-testid="consent-phone">
          {phoneNumber}
        </span>
        .
      </p>
      <p className="mt-1 text-sm text-slate-500">Reply STOP to any message to opt out.</p>
      <Button asChild className="mt-6">
        <Link href="/">Go to Dashboard</Link>
      </Button>
    </Card>
  );
}

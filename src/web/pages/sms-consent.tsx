import { CheckCircle2, MessageSquareText } from 'lucide-react';
import { type FormEvent, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'wouter';
import {
  MAX_PERSON_NAME_LENGTH,
  SMS_CONSENT_ERROR,
  type SmsConsentInput,
  type SmsConsentResponse,
} from '#domain/sms-consent';
import { PageContainer, useDocumentTitle } from '../components/page.tsx';
import { Button } from '../components/ui/button.tsx';
import { Card } from '../components/ui/card.tsx';
import { Checkbox, Input, Label } from '../components/ui/field.tsx';
import { apiRequest, isApiError } from '../lib/api.ts';
import { getPublicConfig } from '../lib/public-config.ts';

type FieldName = 'firstName' | 'lastName' | 'phoneNumber' | 'consent';
const FIELD_NAMES: readonly FieldName[] = ['firstName', 'lastName', 'phoneNumber', 'consent'];

/** What went wrong with the last submission: the server's word on one field, or the form as a whole. */
type SubmitError =
  | { kind: 'field'; field: FieldName; message: string }
  | { kind: 'form'; message: string }
  | { kind: 'alert' };

/** The field a 400 answer is about (the first issue's path), when it is one of ours. */
function invalidField(body: unknown): FieldName | null {
  if (typeof body !== 'object' || body === null) return null;
  const issues = (body as { error?: { issues?: unknown } }).error?.issues;
  if (!Array.isArray(issues)) return null;
  const path = (issues[0] as { path?: unknown } | undefined)?.path;
  return FIELD_NAMES.find((name) => name === path) ?? null;
}

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
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [phoneNumber, setPhoneNumber] = useState('');
  const [consent, setConsent] = useState(false);
  const [marketingConsent, setMarketingConsent] = useState(false);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<SubmitError | null>(null);
  const ids = useId();
  const fieldId = (name: FieldName | 'marketing' | 'phone-hint' | 'ready-hint' | 'error') => `${ids}-${name}`;

  const complete = Boolean(firstName.trim() && lastName.trim() && phoneNumber.trim() && consent);

  function edited(field: FieldName) {
    if (error?.kind === 'field' && error.field === field) setError(null);
  }

  function errorFor(field: FieldName): string | null {
    return error?.kind === 'field' && error.field === field ? error.message : null;
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!complete || sending) return;
    setSending(true);
    setError(null);
    // The spec's payload. The server records its own view of the time, address and browser.
    const payload: SmsConsentInput = {
      firstName,
      lastName,
      phoneNumber,
      consent: true,
      marketingConsent,
      consentedAt: new Date().toISOString(),
      ipAddress: window.location.hostname,
      userAgent: navigator.userAgent,
      isActive: true,
    };
    try {
      const response = await apiRequest<SmsConsentResponse>('POST', '/api/sms-consent', payload);
      onRecorded(response);
    } catch (caught) {
      setSending(false);
      if (isApiError(caught) && caught.status === 400 && caught.serverMessage) {
        const field = invalidField(caught.body);
        setError(
          field
            ? { kind: 'field', field, message: caught.serverMessage }
            : { kind: 'form', message: caught.serverMessage },
        );
        if (field && field !== 'consent') document.getElementById(fieldId(field))?.focus();
        return;
      }
      console.warn('Recording SMS consent failed', caught);
      setError({ kind: 'alert' });
    }
  }

  const textField = (
    name: 'firstName' | 'lastName',
    label: string,
    value: string,
    set: (value: string) => void,
    autoComplete: string,
  ) => (
    <div>
      <Label htmlFor={fieldId(name)}>{label}</Label>
      <Input
        id={fieldId(name)}
        name={name}
        className="mt-1.5"
        autoComplete={autoComplete}
        required
        maxLength={MAX_PERSON_NAME_LENGTH}
        value={value}
        onChange={(event) => {
          set(event.target.value);
          edited(name);
        }}
        aria-invalid={errorFor(name) ? true : undefined}
        aria-describedby={errorFor(name) ? fieldId('error') : undefined}
      />
      {errorFor(name) && <FieldError id={fieldId('error')}>{errorFor(name)}</FieldError>}
    </div>
  );

  const phoneError = errorFor('phoneNumber');
  const consentError = errorFor('consent');

  return (
    <>
      <div className="flex items-center gap-3">
        <span
          className="flex h-11 w-11 shrink-0 items-center justify-center rounded-xl bg-indigo-600 text-white"
          aria-hidden="true"
        >
          <MessageSquareText className="h-6 w-6" />
        </span>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">SMS Consent</h1>
      </div>
      <p className="mt-3 text-slate-600">
        Agree to receive text messages from {siteName} about checklists shared with you, such as verification
        codes and checklist updates.
      </p>

      <Card className="mt-6 p-5 sm:p-8">
        <form noValidate onSubmit={submit} aria-label="SMS consent" className="grid gap-5">
          <div className="grid gap-5 sm:grid-cols-2">
            {textField('firstName', 'First name', firstName, setFirstName, 'given-name')}
            {textField('lastName', 'Last name', lastName, setLastName, 'family-name')}
          </div>

          <div>
            <Label htmlFor={fieldId('phoneNumber')}>Phone number</Label>
            <Input
              id={fieldId('phoneNumber')}
              name="phoneNumber"
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              placeholder="+1 415 555 0132"
              className="mt-1.5"
              required
              maxLength={32}
              value={phoneNumber}
              onChange={(event) => {
                setPhoneNumber(event.target.value);
                edited('phoneNumber');
              }}
              aria-invalid={phoneError ? true : undefined}
              aria-describedby={
                phoneError ? `${fieldId('error')} ${fieldId('phone-hint')}` : fieldId('phone-hint')
              }
            />
            {/* The server's message repeats the hint's guidance, so it takes the hint's place. */}
            {phoneError ? (
              <FieldError id={fieldId('error')}>{phoneError}</FieldError>
            ) : (
              <p id={fieldId('phone-hint')} className="mt-1.5 text-sm text-slate-500">
                Include the country code, e.g. +1 415 555 0132.
              </p>
            )}
          </div>

          <div className="grid gap-3">
            <div
              className={
                consentError
                  ? 'rounded-xl border border-red-300 bg-red-50/50 p-4'
                  : 'rounded-xl border border-slate-200 bg-slate-50 p-4'
              }
            >
              <div className="flex items-start gap-3">
                <Checkbox
                  id={fieldId('consent')}
                  name="consent"
                  required
                  checked={consent}
                  onChange={(event) => {
                    setConsent(event.target.checked);
                    edited('consent');
                  }}
                  aria-invalid={consentError ? true : undefined}
                  aria-describedby={consentError ? fieldId('error') : undefined}
                />
                <Label htmlFor={fieldId('consent')} className="font-normal leading-relaxed text-slate-700">
                  I agree to receive text messages from {siteName} about checklists shared with me, such as
                  verification codes and updates. Message and data rates may apply. Message frequency varies.{' '}
                  <span className="font-medium text-slate-900">(Required)</span>
                </Label>
              </div>
              {consentError && <FieldError id={fieldId('error')}>{consentError}</FieldError>}
            </div>

            <div className="rounded-xl border border-slate-200 p-4">
              <div className="flex items-start gap-3">
                <Checkbox
                  id={fieldId('marketing')}
                  name="marketingConsent"
                  checked={marketingConsent}
                  onChange={(event) => setMarketingConsent(event.target.checked)}
                />
                <Label htmlFor={fieldId('marketing')} className="font-normal leading-relaxed text-slate-700">
                  I would also like occasional text messages from {siteName} about new features and offers.{' '}
                  <span className="text-slate-500">(Optional)</span>
                </Label>
              </div>
            </div>
          </div>

          {error?.kind === 'form' && (
            <p
              role="alert"
              className="rounded-lg border border-red-200 bg-red-50 px-3 py-2.5 text-sm text-red-800"
            >
              {error.message}
            </p>
          )}
          {error?.kind === 'alert' && (
            <p
              role="alert"
              className="rounded-lg border border-red-200 bg-red-50 px-3 py-2.5 text-sm text-red-800"
            >
              {SMS_CONSENT_ERROR}
            </p>
          )}

          <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:gap-4">
            <Button
              type="submit"
              size="lg"
              disabled={!complete || sending}
              aria-busy={sending || undefined}
              aria-describedby={complete ? undefined : fieldId('ready-hint')}
              className="w-full sm:w-auto"
            >
              Submit Consent
            </Button>
            {!complete && (
              <p id={fieldId('ready-hint')} className="text-sm text-slate-500">
                Fill in your name and phone number and tick the required box to continue.
              </p>
            )}
          </div>
        </form>
      </Card>

      <section aria-labelledby={`${ids}-about`} className="mt-6 px-1 text-sm leading-relaxed text-slate-600">
        <h2 id={`${ids}-about`} className="font-semibold text-slate-900">
          About these messages
        </h2>
        <ul className="mt-2 list-disc space-y-1 pl-5">
          {smsSenderNumber && (
            <li>
              Messages come from{' '}
              <span className="font-medium whitespace-nowrap text-slate-900">{smsSenderNumber}</span>.
            </li>
          )}
          <li>
            Reply <strong className="text-slate-900">STOP</strong> at any time to stop receiving messages.
          </li>
          <li>
            Reply <strong className="text-slate-900">HELP</strong> for help.
          </li>
          {supportEmail && (
            <li>
              Questions? E-mail{' '}
              <a
                href={`mailto:${supportEmail}`}
                className="font-medium wrap-break-word text-indigo-700 underline underline-offset-2 hover:text-indigo-900"
              >
                {supportEmail}
              </a>
              .
            </li>
          )}
        </ul>
      </section>
    </>
  );
}

function FieldError({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} role="alert" className="mt-1.5 text-sm font-medium text-red-700">
      {children}
    </p>
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

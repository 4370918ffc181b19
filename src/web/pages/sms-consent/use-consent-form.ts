import { type FormEvent, useId, useState } from 'react';
import type { SmsConsentInput, SmsConsentResponse } from '#domain/sms-consent';
import { apiRequest, isApiError } from '../../lib/api.ts';

export type FieldName = 'firstName' | 'lastName' | 'phoneNumber' | 'consent';
const FIELD_NAMES: readonly FieldName[] = ['firstName', 'lastName', 'phoneNumber', 'consent'];

/** What went wrong with the last submission: the server's word on one field, or the form as a whole. */
export type SubmitError =
  | { kind: 'field'; field: FieldName; message: string }
  | { kind: 'form'; message: string }
  | { kind: 'alert' };

/** The parts of the form an element's id is made for (one `useId` for the whole form). */
export type FieldIdPart = FieldName | 'marketing' | 'phone-hint' | 'ready-hint' | 'error';

/** The field a 400 answer is about (the first issue's path), when it is one of ours. */
function invalidField(body: unknown): FieldName | null {
  if (typeof body !== 'object' || body === null) return null;
  const issues = (body as { error?: { issues?: unknown } }).error?.issues;
  if (!Array.isArray(issues)) return null;
  const path = (issues[0] as { path?: unknown } | undefined)?.path;
  return FIELD_NAMES.find((name) => name === path) ?? null;
}

/** The consent form's values, its ids, and its submission with the server's word on what was wrong. */
export function useConsentForm(onRecorded: (response: SmsConsentResponse) => void) {
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [phoneNumber, setPhoneNumber] = useState('');
  const [consent, setConsent] = useState(false);
  const [marketingConsent, setMarketingConsent] = useState(false);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<SubmitError | null>(null);
  const ids = useId();
  const fieldId = (name: FieldIdPart) => `${ids}-${name}`;

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

  return {
    ids,
    fieldId,
    values: { firstName, lastName, phoneNumber, consent, marketingConsent },
    setters: { setFirstName, setLastName, setPhoneNumber, setConsent, setMarketingConsent },
    sending,
    error,
    complete,
    edited,
    errorFor,
    submit,
  };
}

export type ConsentFormState = ReturnType<typeof useConsentForm>;

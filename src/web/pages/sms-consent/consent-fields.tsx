import type { ReactNode } from 'react';
import { MAX_PERSON_NAME_LENGTH, SMS_CONSENT_ERROR } from '#domain/sms-consent';
import { Button } from '../../components/ui/button.tsx';
import { Checkbox, Input, Label } from '../../components/ui/field.tsx';
import type { ConsentFormState } from './use-consent-form.ts';

function FieldError({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} role="alert" className="mt-1.5 text-sm font-medium text-red-700">
      {children}
    </p>
  );
}

const NAME_FIELDS = {
  firstName: { label: 'First name', autoComplete: 'given-name' },
  lastName: { label: 'Last name', autoComplete: 'family-name' },
} as const;

export function NameField({ form, name }: { form: ConsentFormState; name: 'firstName' | 'lastName' }) {
  const { fieldId, edited, errorFor } = form;
  const { label, autoComplete } = NAME_FIELDS[name];
  const value = form.values[name];
  const set = name === 'firstName' ? form.setters.setFirstName : form.setters.setLastName;
  return (
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
}

export function PhoneField({ form }: { form: ConsentFormState }) {
  const { fieldId, edited } = form;
  const phoneError = form.errorFor('phoneNumber');
  return (
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
        value={form.values.phoneNumber}
        onChange={(event) => {
          form.setters.setPhoneNumber(event.target.value);
          edited('phoneNumber');
        }}
        aria-invalid={phoneError ? true : undefined}
        aria-describedby={phoneError ? `${fieldId('error')} ${fieldId('phone-hint')}` : fieldId('phone-hint')}
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
  );
}

/** The required consent to the checklists' messages and the optional one to marketing. */
export function ConsentChoices({ form, siteName }: { form: ConsentFormState; siteName: string }) {
  const { fieldId, edited, values, setters } = form;
  const consentError = form.errorFor('consent');
  return (
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
            checked={values.consent}
            onChange={(event) => {
              setters.setConsent(event.target.checked);
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
            checked={values.marketingConsent}
            onChange={(event) => setters.setMarketingConsent(event.target.checked)}
          />
          <Label htmlFor={fieldId('marketing')} className="font-normal leading-relaxed text-slate-700">
            I would also like occasional text messages from {siteName} about new features and offers.{' '}
            <span className="text-slate-500">(Optional)</span>
          </Label>
        </div>
      </div>
    </div>
  );
}

/** The form's own error (not about one field), the submit button and what is still missing. */
export function SubmitRow({ form }: { form: ConsentFormState }) {
  const { error, complete, sending, fieldId } = form;
  return (
    <>
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
    </>
  );
}

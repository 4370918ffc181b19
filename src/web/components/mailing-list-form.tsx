import { type FormEvent, useState } from 'react';
import { isEmailAddress, normalizeEmail } from '#domain/email';
import {
  MAILING_LIST_CONFIRM_HINT,
  MAILING_LIST_SUCCESS,
  type MailingListSignupResponse,
} from '#domain/mailing-list';
import { apiRequest, isApiError } from '../lib/api.ts';
import { Button } from './ui/button.tsx';
import { Input } from './ui/field.tsx';

/** The development banner's mailing-list signup (development-banner.tsx; spec sections 2 and 5). */

export const EMPTY_EMAIL_MESSAGE = 'Please enter your email address.';
/** The server's schema (user-input.ts) says the same of every malformed address. */
export const INVALID_EMAIL_MESSAGE = 'Please enter a valid email address.';
export const SIGNUP_FAILED_MESSAGE = 'Could not sign you up right now. Please try again later.';
const SIGNING_UP = 'Signing up…';

type SignupState =
  | { kind: 'idle' }
  | { kind: 'sending' }
  | { kind: 'done' }
  | { kind: 'error'; message: string; field: boolean };

function useMailingListSignup() {
  const [email, setEmail] = useState('');
  const [state, setState] = useState<SignupState>({ kind: 'idle' });

  async function subscribe(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (state.kind === 'sending') return;
    if (!email.trim()) {
      setState({ kind: 'error', message: EMPTY_EMAIL_MESSAGE, field: true });
      return;
    }
    // The rule the server's schema applies (email.ts), without zod on the first screen: a malformed
    // address never leaves the browser.
    if (!isEmailAddress(email)) {
      setState({ kind: 'error', message: INVALID_EMAIL_MESSAGE, field: true });
      return;
    }

    setState({ kind: 'sending' });
    try {
      await apiRequest<MailingListSignupResponse>('POST', '/api/mailing-list/subscribe', {
        email: normalizeEmail(email),
      });
      setState({ kind: 'done' });
    } catch (error) {
      if (isApiError(error) && error.status === 400 && error.serverMessage) {
        setState({ kind: 'error', message: error.serverMessage, field: true });
        return;
      }
      // The spec only logs a mailing-list failure; the visitor still learns it did not work.
      console.warn('Mailing-list signup failed', error);
      setState({ kind: 'error', message: SIGNUP_FAILED_MESSAGE, field: false });
    }
  }

  function changeEmail(value: string) {
    setEmail(value);
    if (state.kind === 'error') setState({ kind: 'idle' });
  }

  return { email, changeEmail, state, subscribe };
}

/** Signed up (also drawn for the landing page's own script, decision 0067). */
export function MailingListDone() {
  return (
    <div
      role="status"
      className="rounded-lg border border-green-200 bg-green-50 px-3 py-2.5 text-sm text-green-800"
    >
      <p className="font-medium">{MAILING_LIST_SUCCESS}</p>
      {/* Double opt-in: the same words whether or not the address was listed (nothing revealed). */}
      <p className="mt-1">{MAILING_LIST_CONFIRM_HINT}</p>
    </div>
  );
}

/** Why the address was not taken (the landing page's script fills in the words and the id). */
export function MailingListError({ id, message }: { id?: string; message?: string }) {
  return (
    <p id={id} role="alert" className="mt-2 text-sm font-medium text-red-700">
      {message}
    </p>
  );
}

/** The address field and 'Notify Me', then the confirmation once signed up. */
export function MailingListForm({ inputId, messageId }: { inputId: string; messageId: string }) {
  const { email, changeEmail, state, subscribe } = useMailingListSignup();
  const sending = state.kind === 'sending';
  const fieldError = state.kind === 'error' && state.field;

  if (state.kind === 'done') return <MailingListDone />;
  return (
    <form noValidate onSubmit={subscribe} aria-label="Mailing list signup" data-mailing-list="">
      <label htmlFor={inputId} className="sr-only">
        Email address
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          id={inputId}
          type="email"
          name="email"
          required
          autoComplete="email"
          inputMode="email"
          placeholder="you@example.com"
          value={email}
          onChange={(event) => changeEmail(event.target.value)}
          aria-invalid={fieldError || undefined}
          aria-describedby={state.kind === 'error' ? messageId : undefined}
          className="min-w-0 sm:flex-1"
        />
        <Button
          type="submit"
          disabled={sending}
          aria-busy={sending}
          data-busy-label={SIGNING_UP}
          className="h-11 shrink-0"
        >
          {sending ? SIGNING_UP : 'Notify Me'}
        </Button>
      </div>
      {state.kind === 'error' && <MailingListError id={messageId} message={state.message} />}
    </form>
  );
}

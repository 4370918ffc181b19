import { isEmailAddress } from '#domain/email';
import { DEFAULT_LANGUAGE, type LanguageCode } from '#domain/languages';
import { SHARE_MESSAGES } from '#domain/sharing';
import type { ShareSendBody } from '../../hooks/use-shares.ts';

/**
 * The share dialog's form: its state, the spec's checks in the spec's order (section 5) and the body
 * it sends. Plain checks on purpose: the request schema (sharing-input.ts) needs zod, which stays out
 * of the dashboard's chunks; the address is checked by the server's own rule (domain/email.ts), and
 * the server runs the schema and normalises the phone number.
 */

export type ContactTab = 'email' | 'phone';

export interface ShareFormState {
  tab: ContactTab;
  targetLanguage: LanguageCode;
  recipientName: string;
  email: string;
  phone: string;
  emailConsent: boolean;
  phoneConsent: boolean;
}

/** What every open starts from (spec section 4): the Email tab, English, empty fields, consents unticked. */
export function initialShareForm(): ShareFormState {
  return {
    tab: 'email',
    targetLanguage: DEFAULT_LANGUAGE,
    recipientName: '',
    email: '',
    phone: '',
    emailConsent: false,
    phoneConsent: false,
  };
}

/** Which field a message is about, so the form can mark it and move focus there. */
export type ShareFormField = 'email' | 'phone' | 'emailConsent' | 'phoneConsent' | null;

export interface ShareFormProblem {
  message: string;
  field: ShareFormField;
}

/** E.164 allows 15 digits; fewer than 7 is never a whole number with its country code. */
const PHONE_DIGITS = { min: 7, max: 15 };

function phoneLooksPossible(phone: string): boolean {
  if (/[^\d\s()+\-./]/.test(phone)) return false;
  const digits = phone.replace(/\D/g, '').length;
  return digits >= PHONE_DIGITS.min && digits <= PHONE_DIGITS.max;
}

/**
 * What stops the send button: the active tab's address or consent is missing (the button is disabled
 * then, and this message says why). Null when the button may be pressed.
 */
export function missingRequirement(form: ShareFormState): ShareFormProblem | null {
  if (form.tab === 'email') {
    if (!form.email.trim()) return { message: SHARE_MESSAGES.emailRequired, field: 'email' };
    if (!form.emailConsent) return { message: SHARE_MESSAGES.emailConsentRequired, field: 'emailConsent' };
  } else {
    if (!form.phone.trim()) return { message: SHARE_MESSAGES.phoneRequired, field: 'phone' };
    if (!form.phoneConsent) return { message: SHARE_MESSAGES.phoneConsentRequired, field: 'phoneConsent' };
  }
  return null;
}

/**
 * The checks made on sending, in the spec's order: the active tab's address (empty or plainly not
 * one), its consent, then the checklist id.
 */
export function validateShareForm(form: ShareFormState, checklistId: string | null): ShareFormProblem | null {
  if (form.tab === 'email' && form.email.trim() && !isEmailAddress(form.email)) {
    return { message: SHARE_MESSAGES.emailRequired, field: 'email' };
  }
  if (form.tab === 'phone' && form.phone.trim() && !phoneLooksPossible(form.phone.trim())) {
    return { message: SHARE_MESSAGES.phoneRequired, field: 'phone' };
  }
  const missing = missingRequirement(form);
  if (missing) return missing;
  if (!checklistId?.trim()) return { message: SHARE_MESSAGES.missingChecklistId, field: null };
  return null;
}

/**
 * The request for the active tab only: the other tab's address is never sent. It carries that tab's
 * consent box as `consent` (the server refuses a send without `consent: true`).
 */
export function shareSendBody(form: ShareFormState, checklistId: string, newLink = false): ShareSendBody {
  const recipientName = form.recipientName.trim();
  return {
    checklistId,
    ...(recipientName ? { recipientName } : {}),
    ...(form.tab === 'email' ? { email: form.email.trim() } : { phone: form.phone.trim() }),
    targetLanguage: form.targetLanguage,
    consent: form.tab === 'email' ? form.emailConsent : form.phoneConsent,
    ...(newLink ? { newLink: true } : {}),
  };
}

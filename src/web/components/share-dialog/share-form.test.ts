import { describe, expect, it } from 'vitest';
import { SHARE_MESSAGES } from '#domain/sharing';
import { ApiError } from '../../lib/api.ts';
import { shareErrorMessage } from './share-error.ts';
import {
  initialShareForm,
  missingRequirement,
  type ShareFormState,
  shareSendBody,
  validateShareForm,
} from './share-form.ts';

const form = (change: Partial<ShareFormState> = {}): ShareFormState => ({ ...initialShareForm(), ...change });
const message = (state: ShareFormState, checklistId: string | null = 'checklist_1') =>
  validateShareForm(state, checklistId)?.message ?? null;

describe('the share form checks, in the spec order', () => {
  it('starts on the Email tab, in English, empty and unticked', () => {
    expect(initialShareForm()).toEqual({
      tab: 'email',
      targetLanguage: 'en',
      recipientName: '',
      email: '',
      phone: '',
      emailConsent: false,
      phoneConsent: false,
    });
  });

  it('on the Email tab: the address, then its consent, then the checklist id', () => {
    expect(message(form(), null)).toBe(SHARE_MESSAGES.emailRequired);
    expect(message(form({ email: '   ' }), null)).toBe(SHARE_MESSAGES.emailRequired);
    expect(message(form({ email: 'not-an-address', emailConsent: true }))).toBe(SHARE_MESSAGES.emailRequired);
    // What the server would refuse is refused here, before a round trip (the same rule: domain/email.ts).
    expect(message(form({ email: 'jo..lee@example.com', emailConsent: true }))).toBe(
      SHARE_MESSAGES.emailRequired,
    );
    expect(message(form({ email: 'jo@exa_mple.com', emailConsent: true }))).toBe(
      SHARE_MESSAGES.emailRequired,
    );
    expect(message(form({ email: ' Jo@Example.COM ', emailConsent: true }))).toBeNull();
    expect(message(form({ email: 'jo@example.com' }), null)).toBe(SHARE_MESSAGES.emailConsentRequired);
    expect(message(form({ email: 'jo@example.com', emailConsent: true }), null)).toBe(
      SHARE_MESSAGES.missingChecklistId,
    );
    expect(message(form({ email: 'jo@example.com', emailConsent: true }), '  ')).toBe(
      SHARE_MESSAGES.missingChecklistId,
    );
    expect(message(form({ email: 'jo@example.com', emailConsent: true }))).toBeNull();
  });

  it('on the Phone tab: the number, then its consent; the Email tab’s consent does not count', () => {
    const phone = form({ tab: 'phone', emailConsent: true, email: 'jo@example.com' });
    expect(message(phone, null)).toBe(SHARE_MESSAGES.phoneRequired);
    expect(message({ ...phone, phone: '12', phoneConsent: true })).toBe(SHARE_MESSAGES.phoneRequired);
    expect(message({ ...phone, phone: '+1 415 555 0132' }, null)).toBe(SHARE_MESSAGES.phoneConsentRequired);
    expect(message({ ...phone, phone: '+1 (415) 555-0132', phoneConsent: true })).toBeNull();
  });

  it('says what keeps the button disabled: only a missing address or consent', () => {
    expect(missingRequirement(form())?.field).toBe('email');
    expect(missingRequirement(form({ email: 'x' }))?.field).toBe('emailConsent');
    expect(missingRequirement(form({ email: 'x', emailConsent: true }))).toBeNull();
    expect(missingRequirement(form({ tab: 'phone' }))?.message).toBe(SHARE_MESSAGES.phoneRequired);
    expect(missingRequirement(form({ tab: 'phone', phone: '1' }))?.message).toBe(
      SHARE_MESSAGES.phoneConsentRequired,
    );
  });
});

describe('the request body', () => {
  it('carries the active tab’s address only, trimmed, with the language and the optional name', () => {
    const state = form({
      email: ' jo@example.com ',
      phone: '+44 7700 900123',
      recipientName: '  Jo  ',
      targetLanguage: 'es',
    });
    expect(shareSendBody(state, 'checklist_1')).toEqual({
      checklistId: 'checklist_1',
      recipientName: 'Jo',
      email: 'jo@example.com',
      targetLanguage: 'es',
      consent: false,
    });
    expect(shareSendBody({ ...state, tab: 'phone', recipientName: ' ' }, 'checklist_1', true)).toEqual({
      checklistId: 'checklist_1',
      phone: '+44 7700 900123',
      targetLanguage: 'es',
      consent: false,
      newLink: true,
    });
  });

  it('carries the active tab’s consent box, never the other tab’s', () => {
    const emailTicked = form({ email: 'jo@example.com', phone: '+1 415 555 0132', emailConsent: true });
    expect(shareSendBody(emailTicked, 'checklist_1').consent).toBe(true);
    expect(shareSendBody({ ...emailTicked, tab: 'phone' }, 'checklist_1').consent).toBe(false);
    const phoneTicked = { ...emailTicked, emailConsent: false, phoneConsent: true, tab: 'phone' as const };
    expect(shareSendBody(phoneTicked, 'checklist_1').consent).toBe(true);
  });
});

describe('the error banner text', () => {
  const apiError = (status: number, code: string, text: string) =>
    new ApiError(status, 'Status', JSON.stringify({ error: { code, message: text } }));

  it('is the server’s message for a refusal it explains', () => {
    for (const [status, code] of [
      [400, 'validation_failed'],
      [403, 'plan_limit_reached'],
      [429, 'rate_limited'],
      [502, 'delivery_failed'],
    ] as const) {
      expect(shareErrorMessage(apiError(status, code, `server says ${status}`))).toBe(
        `server says ${status}`,
      );
    }
  });

  it('falls back to the spec’s messages, never a status line', () => {
    expect(shareErrorMessage(new TypeError('Failed to fetch'))).toBe(SHARE_MESSAGES.shareFailed);
    expect(shareErrorMessage(new ApiError(500, 'Internal Server Error', ''))).toBe(
      SHARE_MESSAGES.shareFailed,
    );
    expect(shareErrorMessage(new ApiError(502, 'Bad Gateway', '<html>'))).toBe(SHARE_MESSAGES.sendFailed);
    expect(shareErrorMessage(apiError(403, 'plan_limit_reached', ''))).toBe(SHARE_MESSAGES.languageNotInPlan);
  });
});

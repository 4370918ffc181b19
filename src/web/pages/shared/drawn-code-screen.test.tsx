import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { SHARE_MESSAGES } from '#domain/sharing';
import { cleanup, render, screen } from '#tests/support/preact-testing-library';
import { mockFetchEachTest, writePublicConfig } from '#tests/support/web-components';
import en from '../../i18n/locales/en.json';
import { CodeDialog } from './code-dialog.tsx';
import { type DrawnCodeScreen, type DrawnError, setDrawnCodeScreen } from './drawn-code-screen.ts';

/**
 * The code screen as the server draws it after a post of its form (decision 0061): the same dialog,
 * with what was typed and the server's answer in the words the app shows for it.
 */

const fetchMock = mockFetchEachTest();

beforeAll(() => writePublicConfig({ localMode: true }));
afterEach(() => {
  cleanup();
  setDrawnCodeScreen(null);
});

function drawn(state: DrawnCodeScreen) {
  setDrawnCodeScreen(state);
  const client = new QueryClient();
  render(
    <QueryClientProvider client={client}>
      <CodeDialog token="t" accessEnded={false} onVerified={() => undefined} />
    </QueryClientProvider>,
  );
}

const refused = (
  status: number,
  code: string,
  extra: Record<string, unknown> = {},
  wait?: number,
): DrawnError => ({
  status,
  body: { error: { code, message: `server text for ${code}`, ...extra } },
  ...(wait === undefined ? {} : { retryAfterSeconds: wait }),
});

const alert = () => screen.getByRole('alert').textContent;
const codeInput = () => screen.getByLabelText('Verification code') as HTMLInputElement;

describe('the code screen drawn after a post of its form', () => {
  it('is a real form: posted to the page, Verify enabled before any script, a new code and the owner by their own posts', () => {
    drawn({ code: '' });
    const form = codeInput().form;
    expect(form?.getAttribute('method')).toBe('post');
    expect(form?.hasAttribute('action')).toBe(false);
    expect((screen.getByRole('button', { name: 'Verify' }) as HTMLButtonElement).disabled).toBe(false);
    const intents = [...document.querySelectorAll<HTMLInputElement>('input[name="intent"]')].map(
      (i) => i.value,
    );
    expect(intents).toEqual(['resend', 'code-not-received']);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it.each([
    ['empty', '', refused(400, 'validation_failed'), SHARE_MESSAGES.codeRequired],
    ['not 6 digits', '12345', refused(400, 'validation_failed'), SHARE_MESSAGES.codeFormat],
    ['not digits', 'abcdef', refused(400, 'validation_failed'), SHARE_MESSAGES.codeFormat],
    ['too long (kept to six)', '123456', refused(400, 'validation_failed'), SHARE_MESSAGES.codeFormat],
    [
      'wrong',
      '000000',
      refused(400, 'code_invalid', { triesLeft: 4 }),
      'That code is not right. 4 tries left.',
    ],
    ['dead', '000000', refused(400, 'code_invalid', { triesLeft: 0 }), en['code.deadCode']],
    ['expired', '123456', refused(410, 'code_expired'), 'This code has expired. Ask for a new one.'],
    [
      'locked',
      '123456',
      refused(429, 'code_locked', { retryAfter: 60 }),
      'Too many wrong codes. Ask for a new one.',
    ],
    ['link locked', '123456', refused(429, 'code_locked', { linkLocked: true }), en['code.linkLocked']],
    [
      'rate-limited',
      '123456',
      refused(429, 'rate_limited', { retryAfter: 120 }, 120),
      'Too many tries. Please wait 2 minutes and try again.',
    ],
    ['an unknown link', '123456', refused(404, 'share_not_found'), SHARE_MESSAGES.shareNotFound],
    [
      'not sent as a form',
      '',
      refused(415, 'unsupported_media_type'),
      'Failed to verify code. Please try again.',
    ],
  ])('%s: says so under the field, keeping what was typed', (_case, code, verifyError, text) => {
    drawn({ code, verifyError });
    expect(alert()).toBe(text);
    expect(codeInput().value).toBe(code);
    expect(codeInput().getAttribute('aria-invalid')).toBe('true');
  });

  it('a new code sent: where it went, and the code itself in local mode', () => {
    drawn({
      code: '',
      resent: {
        sent: true,
        maskedContact: 'j•••e@example.com',
        codeExpiresAt: '2030-01-01T00:10:00.000Z',
        verificationCode: '654321',
      },
    });
    expect(screen.getByRole('status').textContent).toBe(
      'We sent a new code to j•••e@example.com. It is valid for 10 minutes.',
    );
    expect(screen.getByTestId('local-mode-code').textContent).toBe('654321');
  });

  /** The resend button, and what the screen's script counts down with (src/web/code-screen.ts). */
  const resendButton = () => screen.getByRole('button', { name: /^Resend code/ }) as HTMLButtonElement;

  it('a new code sent: the button waits the interval, with what the script counts down with', () => {
    drawn({
      code: '',
      resent: { sent: true, maskedContact: 'j•••e@example.com', codeExpiresAt: '2030-01-01T00:10:00.000Z' },
    });
    const button = resendButton();
    expect(button.textContent).toBe('Resend code in 30 s');
    expect(button.disabled).toBe(true);
    expect(button.dataset).toMatchObject({
      waitSeconds: '30',
      waitLabel: 'Resend code in {seconds} s',
      readyLabel: 'Resend code',
    });
  });

  it("a new code refused as too soon: the button waits the server's Retry-After", () => {
    drawn({ code: '', resendError: refused(429, 'rate_limited', { retryAfter: 12 }, 12) });
    expect(resendButton().textContent).toBe('Resend code in 12 s');
    expect(resendButton().dataset.waitSeconds).toBe('12');
  });

  it('nothing asked yet: the button is ready, with nothing to count down', () => {
    drawn({ code: '' });
    expect(resendButton().textContent).toBe('Resend code');
    expect(resendButton().disabled).toBe(false);
    expect(resendButton().dataset.waitSeconds).toBeUndefined();
  });

  it('a new code refused: too soon, or the link locked', () => {
    drawn({ code: '', resendError: refused(429, 'rate_limited', { retryAfter: 20 }, 20) });
    expect(alert()).toBe(en['code.resendTooSoon']);
    cleanup();
    drawn({ code: '', resendError: refused(429, 'code_locked', { linkLocked: true }) });
    expect(alert()).toBe(en['code.linkLocked']);
  });

  it.each([
    ['told', en['code.ownerTold']],
    ['already', en['code.ownerAlreadyTold']],
  ] as const)("'I didn't get a code' %s: said, the button gone", (told, text) => {
    drawn({ code: '', told });
    expect(screen.getByRole('status').textContent).toBe(text);
    expect(screen.queryByTestId('code-not-received')).toBeNull();
  });

  it("'I didn't get a code' failed: said, the button kept to try again", () => {
    drawn({ code: '', told: 'failed' });
    expect(alert()).toBe(en['code.tellOwnerFailed']);
    expect(screen.getByTestId('code-not-received')).toBeTruthy();
  });
});

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { type ResendResponse, SHARE_MESSAGES, type VerifyResponse } from '#domain/sharing';
import { act, fireEvent, render, screen } from '#tests/support/preact-testing-library';
import { jsonResponse, mockFetchEachTest, writePublicConfig } from '#tests/support/web-components';
import { ToastProvider } from '../../components/ui/toast.tsx';
import en from '../../i18n/locales/en.json';
import { CodeDialog } from './code-dialog.tsx';

const TOKEN = 'abcdefghijklmnopqrstuv';
const VERIFIED: VerifyResponse = {
  verified: true,
  checklistId: 'checklist_1',
  recipientId: 'recipient_1',
  targetLanguage: 'en',
};
const RESENT: ResendResponse = {
  sent: true,
  maskedContact: 'j•••e@example.com',
  codeExpiresAt: '2030-01-01T00:10:00.000Z',
  verificationCode: '654321',
};

const fetchMock = mockFetchEachTest();

function apiError(status: number, code: string, extra: Record<string, unknown> = {}) {
  return jsonResponse(status, { error: { code, message: `server text for ${code}`, ...extra } });
}

// The page as a local-mode server writes it: a resent code may be shown.
beforeAll(() => writePublicConfig({ localMode: true }));

function renderDialog({ accessEnded = false } = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const onVerified = vi.fn();
  render(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <CodeDialog token={TOKEN} accessEnded={accessEnded} onVerified={onVerified} />
      </ToastProvider>
    </QueryClientProvider>,
  );
  return { onVerified };
}

const codeInput = () => screen.getByLabelText('Verification code') as HTMLInputElement;
const verifyButton = () => screen.getByRole('button', { name: 'Verify' });
const resendButton = () => screen.getByRole('button', { name: /^Resend code/ }) as HTMLButtonElement;

function type(value: string) {
  fireEvent.change(codeInput(), { target: { value } });
}

async function submit(code: string) {
  type(code);
  await act(async () => {
    fireEvent.click(verifyButton());
  });
}

/** Lets a mocked answer reach the screen (React Query tells its observers on a zero timer). */
async function settle() {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(0);
  });
}

describe('the code dialog', () => {
  it('is a dialog that cannot be closed, with the hint and the Verify button', () => {
    renderDialog();
    const dialog = screen.getByRole('dialog', { name: en['code.title'] });
    expect(dialog.textContent).toContain(SHARE_MESSAGES.codeHint);
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.getByRole('dialog', { name: en['code.title'] })).toBeTruthy();
    expect(verifyButton()).toBeTruthy();
  });

  it('takes digits only, at most six, and asks phones for the numeric keypad and the one-time code', () => {
    renderDialog();
    const input = codeInput();
    expect(input.inputMode).toBe('numeric');
    expect(input.autocomplete).toBe('one-time-code');
    expect(input.maxLength).toBe(6);
    expect(input.pattern).toBe('[0-9]*');
    expect(input.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(String(input.getAttribute('aria-describedby')))?.textContent).toBe(
      SHARE_MESSAGES.codeHint,
    );

    type('12ab3');
    expect(input.value).toBe('123');
    type('987 654 321'); // pasted with spaces, too long
    expect(input.value).toBe('987654');
    type('abc');
    expect(input.value).toBe('');
  });

  it('says the code is needed when it is empty, and sends nothing', async () => {
    renderDialog();
    await submit('');
    expect(screen.getByRole('alert').textContent).toBe(SHARE_MESSAGES.codeRequired);
    expect(codeInput().getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock).not.toHaveBeenCalled();
    type('1');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says a short code is not a code, and sends nothing', async () => {
    renderDialog();
    await submit('12345');
    expect(screen.getByRole('alert').textContent).toBe(SHARE_MESSAGES.codeFormat);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the token and the code, then says it was accepted', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, VERIFIED));
    const { onVerified } = renderDialog();
    await submit('123456');
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/verification/verify');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ token: TOKEN, code: '123456' });
    expect(onVerified).toHaveBeenCalledWith(VERIFIED);
    expect(screen.getByRole('status').textContent).toContain('Code accepted');
  });

  it.each([
    [
      'a wrong code with 3 tries left',
      apiError(400, 'code_invalid', { triesLeft: 3 }),
      'That code is not right. 3 tries left.',
    ],
    [
      'a wrong code with 1 try left',
      apiError(400, 'code_invalid', { triesLeft: 1 }),
      'That code is not right. 1 try left.',
    ],
    ['an expired code', apiError(410, 'code_expired'), SHARE_MESSAGES.codeExpired],
    [
      'a code locked after 5 wrong tries',
      apiError(429, 'code_locked', { retryAfter: 30 }),
      SHARE_MESSAGES.codeLocked,
    ],
    ['an unknown or revoked link', apiError(404, 'share_not_found'), SHARE_MESSAGES.shareNotFound],
    [
      'too many tries (with the Retry-After wait)',
      jsonResponse(429, { error: { code: 'rate_limited', message: 'Too many' } }, { 'retry-after': '95' }),
      'Too many tries. Please wait 2 minutes and try again.',
    ],
    [
      'a server failure',
      jsonResponse(500, { error: { code: 'internal_error', message: 'x' } }),
      SHARE_MESSAGES.verifyFailed,
    ],
  ])('shows %s under the input', async (_case, response, text) => {
    fetchMock.mockResolvedValueOnce(response);
    const { onVerified } = renderDialog();
    await submit('111111');
    expect(screen.getByRole('alert').textContent).toBe(text);
    expect(onVerified).not.toHaveBeenCalled();
    expect(codeInput().value).toBe('111111');
  });

  it('says it could not verify when the network fails', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    renderDialog();
    await submit('111111');
    expect(screen.getByRole('alert').textContent).toBe(SHARE_MESSAGES.verifyFailed);
  });

  it('explains that access ended when it did', () => {
    renderDialog({ accessEnded: true });
    expect(screen.getByRole('dialog').textContent).toContain('has ended');
  });
});

describe('resend code', () => {
  it('sends a new code, names where it went, shows the local-mode code, then waits 30 s', async () => {
    vi.useFakeTimers();
    fetchMock.mockResolvedValueOnce(jsonResponse(200, RESENT));
    renderDialog();
    expect(resendButton().disabled).toBe(false);

    await act(async () => {
      fireEvent.click(resendButton());
    });
    await settle();
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/verification/resend');
    expect(JSON.parse(String(init?.body))).toEqual({ token: TOKEN });
    expect(screen.getByRole('status').textContent).toContain(
      `We sent a new code to ${RESENT.maskedContact}.`,
    );
    expect(screen.getByRole('region', { name: 'Local mode' }).textContent).toContain('654321');

    expect(resendButton().textContent).toBe('Resend code in 30 s');
    expect(resendButton().disabled).toBe(true);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    expect(resendButton().textContent).toBe('Resend code in 29 s');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(28_000);
    });
    expect(resendButton().textContent).toBe('Resend code in 1 s');
    expect(resendButton().disabled).toBe(true);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1000);
    });
    expect(resendButton().textContent).toBe('Resend code');
    expect(resendButton().disabled).toBe(false);
  });

  it('waits as long as the server asks when a code was sent moments ago', async () => {
    vi.useFakeTimers();
    fetchMock.mockResolvedValueOnce(
      jsonResponse(
        429,
        { error: { code: 'rate_limited', message: 'x', retryAfter: 12 } },
        { 'retry-after': '12' },
      ),
    );
    renderDialog();
    await act(async () => {
      fireEvent.click(resendButton());
    });
    await settle();
    expect(screen.getByRole('alert').textContent).toBe(SHARE_MESSAGES.resendTooSoon);
    expect(resendButton().textContent).toBe('Resend code in 12 s');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(12_000);
    });
    expect(resendButton().disabled).toBe(false);
  });

  it('says when no new code could be sent', async () => {
    fetchMock.mockResolvedValueOnce(apiError(502, 'delivery_failed'));
    renderDialog();
    await act(async () => {
      fireEvent.click(resendButton());
    });
    expect(screen.getByRole('alert').textContent).toBe(`${SHARE_MESSAGES.sendFailed}. Please try again.`);
    expect(resendButton().disabled).toBe(false);
  });

  it('clears the previous code error once a new code is on its way', async () => {
    fetchMock
      .mockResolvedValueOnce(apiError(410, 'code_expired'))
      .mockResolvedValueOnce(jsonResponse(200, RESENT));
    renderDialog();
    await submit('111111');
    expect(screen.getByRole('alert').textContent).toBe(SHARE_MESSAGES.codeExpired);
    await act(async () => {
      fireEvent.click(resendButton());
    });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("'I didn't get a code' tells the person who shared the link, once, and says so", async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { ok: true }));
    renderDialog();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: en['code.notReceived'] }));
    });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/verification/code-not-received');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({ token: TOKEN });
    expect((await screen.findByRole('status')).textContent).toBe(en['code.ownerTold']);
    expect(screen.queryByRole('button', { name: en['code.notReceived'] })).toBeNull();
  });

  it("after the link's notice went out already (429): they have been told", async () => {
    fetchMock.mockResolvedValueOnce(apiError(429, 'rate_limited', { retryAfter: 1200 }));
    renderDialog();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: en['code.notReceived'] }));
    });
    expect((await screen.findByRole('status')).textContent).toBe(en['code.ownerAlreadyTold']);
  });

  it('a failure to tell them is said, and the button stays', async () => {
    fetchMock.mockResolvedValueOnce(apiError(503, 'service_unavailable'));
    renderDialog();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: en['code.notReceived'] }));
    });
    expect((await screen.findByRole('alert')).textContent).toBe(en['code.tellOwnerFailed']);
    expect(screen.getByRole('button', { name: en['code.notReceived'] })).toBeTruthy();
  });
});

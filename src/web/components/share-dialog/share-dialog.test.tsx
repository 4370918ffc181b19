import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { NO_SUBSCRIPTION, type SubscriptionInfo } from '#domain/plans';
import { SHARE_MESSAGES, type ShareResponse } from '#domain/sharing';
import { act, fireEvent, render, screen, within } from '#tests/support/preact-testing-library';
import { jsonResponse, mockFetchEachTest, writePublicConfig } from '#tests/support/web-components';
import { getPublicConfig, setPublicConfig } from '../../lib/public-config.ts';
import ShareDialog, { type ShareDialogProps } from './share-dialog.tsx';

let subscription: { data: SubscriptionInfo | undefined } = { data: undefined };
vi.mock('../../hooks/use-checklists.ts', () => ({ useSubscription: () => subscription }));

const FREE_PLAN: SubscriptionInfo = {
  tier: 'free',
  usage: { listSyncCount: 1 },
  limits: { maxLists: 5 },
  storage: { usedBytes: 0, limitBytes: 1073741824 },
  allowedLanguages: ['en', 'es'],
  ...NO_SUBSCRIPTION,
};

const SENT: ShareResponse = {
  shareUrl: 'http://localhost/shared/abcdefghijklmnopqrstuv',
  token: 'abcdefghijklmnopqrstuv',
  shareId: 'share_1',
  recipientId: 'recipient_1',
  channel: 'email',
  maskedEmail: 'j•••o@example.com',
  maskedPhone: null,
  codeExpiresAt: '2030-01-01T00:10:00.000Z',
  verificationCode: '123456',
};

const fetchMock = mockFetchEachTest();

function sentBodies(): Record<string, unknown>[] {
  return fetchMock.mock.calls.map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);
}

// The page as a local-mode server writes it: the verification code may be shown.
beforeAll(() => writePublicConfig({ localMode: true }));

beforeEach(() => {
  subscription = { data: FREE_PLAN };
});

function renderDialog(props: Partial<ShareDialogProps> = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const onOpenChange = vi.fn();
  const all: ShareDialogProps = {
    open: true,
    onOpenChange,
    checklistId: 'checklist_1',
    checklistName: 'Weekly Site Inspection',
    ...props,
  };
  const view = render(
    <QueryClientProvider client={client}>
      <ShareDialog {...all} />
    </QueryClientProvider>,
  );
  const rerender = (next: Partial<ShareDialogProps>) =>
    view.rerender(
      <QueryClientProvider client={client}>
        <ShareDialog {...all} {...next} />
      </QueryClientProvider>,
    );
  return { onOpenChange, rerender };
}

const dialog = () => screen.getByRole('dialog', { name: SHARE_MESSAGES.dialogTitle });
const sendButton = () => screen.getByRole('button', { name: 'Send Verification Code' });
const requirement = () => screen.queryByTestId('share-requirement')?.textContent ?? null;
const type = (label: RegExp, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const consent = () => screen.getByRole('checkbox', { name: /agrees to receive/ });

async function fillEmailAndSend() {
  type(/email address/, 'jo@example.com');
  fireEvent.click(consent());
  await act(async () => {
    fireEvent.click(sendButton());
  });
}

describe('Share Checklist dialog', () => {
  it('shows the spec’s title, subtitle and controls, and starts on the Email tab in English', () => {
    renderDialog();
    expect(dialog()).toBeTruthy();
    expect(screen.getByText(SHARE_MESSAGES.dialogSubtitle)).toBeTruthy();
    expect(screen.getByText('Weekly Site Inspection')).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Email' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tab', { name: 'Phone' }).getAttribute('aria-selected')).toBe('false');
    expect((screen.getByLabelText(/language/) as HTMLSelectElement).value).toBe('en');
    expect((screen.getByLabelText(/name/) as HTMLInputElement).value).toBe('');
    expect((consent() as HTMLInputElement).checked).toBe(false);
  });

  it('lists the fifteen languages; those outside the plan cannot be chosen and say how to get them', () => {
    renderDialog();
    const options = within(screen.getByLabelText(/language/)).getAllByRole('option') as HTMLOptionElement[];
    expect(options).toHaveLength(15);
    expect(options.slice(10).map((option) => [option.value, option.textContent])).toEqual([
      ['vi', 'Vietnamese (upgrade to use)'],
      ['tl', 'Tagalog (upgrade to use)'],
      ['pl', 'Polish (upgrade to use)'],
      ['uk', 'Ukrainian (upgrade to use)'],
      ['ro', 'Romanian (upgrade to use)'],
    ]);
    expect(options.filter((option) => !option.disabled).map((option) => option.value)).toEqual(['en', 'es']);
    expect(screen.getByText(/Your Free plan includes English and Spanish/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Upgrade' }).getAttribute('href')).toBe('/pricing');
  });

  it('offers every language while the plan is not known (the server has the last word)', () => {
    subscription = { data: undefined };
    renderDialog();
    const options = within(screen.getByLabelText(/language/)).getAllByRole('option') as HTMLOptionElement[];
    expect(options.every((option) => !option.disabled)).toBe(true);
  });

  it('without a translation engine says the text stays as written, and sells no language upgrade', () => {
    const usual = getPublicConfig();
    setPublicConfig({ ...usual, translation: false });
    try {
      renderDialog();
      const select = screen.getByLabelText(/language/);
      const note = screen.getByTestId('translation-off');
      expect(note.textContent).toMatch(/Translation is not set up on this server/);
      expect(note.textContent).toMatch(/your checklist text as you wrote it/);
      expect(select.getAttribute('aria-describedby')).toBe(note.id);
      expect(screen.queryByRole('link', { name: 'Upgrade' })).toBeNull();
    } finally {
      setPublicConfig(usual);
    }
  });

  it('keeps the button disabled until the active tab has an address and consent, saying what is missing in order', () => {
    renderDialog();
    expect((sendButton() as HTMLButtonElement).disabled).toBe(true);
    expect(requirement()).toBe(SHARE_MESSAGES.emailRequired);
    type(/email address/, 'jo@example.com');
    expect(requirement()).toBe(SHARE_MESSAGES.emailConsentRequired);
    expect((sendButton() as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(consent());
    expect(requirement()).toBeNull();
    expect((sendButton() as HTMLButtonElement).disabled).toBe(false);

    fireEvent.click(screen.getByRole('tab', { name: 'Phone' }));
    expect(screen.getByRole('tab', { name: 'Phone' }).getAttribute('aria-selected')).toBe('true');
    expect(requirement()).toBe(SHARE_MESSAGES.phoneRequired);
    expect((sendButton() as HTMLButtonElement).disabled).toBe(true);
    const phone = screen.getByLabelText(/mobile number/) as HTMLInputElement;
    expect([phone.type, phone.inputMode, phone.autocomplete]).toEqual(['tel', 'tel', 'tel']);
    expect(phone.placeholder).toMatch(/^\+\d/);
    type(/mobile number/, '+1 415 555 0132');
    expect(requirement()).toBe(SHARE_MESSAGES.phoneConsentRequired);
    fireEvent.click(consent());
    expect((sendButton() as HTMLButtonElement).disabled).toBe(false);

    // Each tab keeps its own address and consent.
    fireEvent.click(screen.getByRole('tab', { name: 'Email' }));
    expect((screen.getByLabelText(/email address/) as HTMLInputElement).value).toBe('jo@example.com');
    expect((consent() as HTMLInputElement).checked).toBe(true);
  });

  it('moves between the tabs with the arrow keys', () => {
    renderDialog();
    fireEvent.keyDown(screen.getByRole('tab', { name: 'Email' }), { key: 'ArrowRight' });
    expect(screen.getByRole('tab', { name: 'Phone' }).getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Phone' }));
    expect(screen.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe(
      screen.getByRole('tab', { name: 'Phone' }).id,
    );
  });

  it('checks on sending: a malformed address, then a missing checklist id; nothing is sent', async () => {
    renderDialog({ checklistId: null });
    type(/email address/, 'jo@example');
    fireEvent.click(consent());
    await act(async () => {
      fireEvent.click(sendButton());
    });
    expect(screen.getByRole('alert').textContent).toBe(SHARE_MESSAGES.emailRequired);
    expect(screen.getByLabelText(/email address/).getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(screen.getByLabelText(/email address/));

    type(/email address/, 'jo@example.com');
    expect(screen.queryByRole('alert')).toBeNull();
    await act(async () => {
      fireEvent.click(sendButton());
    });
    expect(screen.getByRole('alert').textContent).toBe(SHARE_MESSAGES.missingChecklistId);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it.each([
    [400, 'validation_failed', 'Please enter a valid email address.'],
    [403, 'plan_limit_reached', SHARE_MESSAGES.languageNotInPlan],
    [429, 'rate_limited', SHARE_MESSAGES.resendTooSoon],
    [502, 'delivery_failed', 'The email could not be delivered. Please check the address.'],
  ])('shows the server’s message for a %i in the error banner', async (status, code, text) => {
    fetchMock.mockResolvedValue(jsonResponse(status, { error: { code, message: text } }));
    renderDialog();
    await fillEmailAndSend();
    expect(screen.getByRole('alert').textContent).toBe(text);
    expect(screen.queryByTestId('share-success')).toBeNull();
  });

  it('says the spec’s fallback when the network fails or no link comes back', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    renderDialog();
    await fillEmailAndSend();
    expect(screen.getByRole('alert').textContent).toBe(SHARE_MESSAGES.shareFailed);

    fetchMock.mockResolvedValueOnce(jsonResponse(200, { ...SENT, shareUrl: '' }));
    await act(async () => {
      fireEvent.click(sendButton());
    });
    expect(screen.getByRole('alert').textContent).toBe(SHARE_MESSAGES.noShareUrl);
  });

  it('is disabled while sending', async () => {
    let respond: (response: Response) => void = () => undefined;
    fetchMock.mockReturnValue(new Promise<Response>((resolve) => (respond = resolve)));
    renderDialog();
    await fillEmailAndSend();
    expect((sendButton() as HTMLButtonElement).disabled).toBe(true);
    expect(sendButton().getAttribute('aria-busy')).toBe('true');
    expect((screen.getByRole('button', { name: 'Cancel' }) as HTMLButtonElement).disabled).toBe(true);
    await act(async () => respond(jsonResponse(200, SENT)));
    expect(screen.getByTestId('share-success')).toBeTruthy();
  });

  it('sends the active tab only, then shows where the code went, the link, and the local-mode code', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, SENT));
    renderDialog();
    type(/name/, 'Jo');
    fireEvent.change(screen.getByLabelText(/language/), { target: { value: 'es' } });
    await fillEmailAndSend();

    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/verification/send');
    expect(sentBodies()).toEqual([
      {
        checklistId: 'checklist_1',
        recipientName: 'Jo',
        email: 'jo@example.com',
        targetLanguage: 'es',
        consent: true,
      },
    ]);
    expect(screen.getByTestId('share-sent-to').textContent).toContain('by email to j•••o@example.com');
    expect((screen.getByLabelText('Share link') as HTMLTextAreaElement).value).toBe(SENT.shareUrl);
    expect((screen.getByLabelText('Share link') as HTMLTextAreaElement).readOnly).toBe(true);
    expect(screen.getByTestId('local-verification-code').textContent).toBe('123456');
    expect(within(screen.getByTestId('local-code-box')).getByText('Local mode')).toBeTruthy();
  });

  it('names the phone when the code went by text message', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(200, { ...SENT, channel: 'sms', maskedEmail: null, maskedPhone: '+•••••••••32' }),
    );
    renderDialog();
    fireEvent.click(screen.getByRole('tab', { name: 'Phone' }));
    type(/mobile number/, '+1 415 555 0132');
    fireEvent.click(consent());
    await act(async () => {
      fireEvent.click(sendButton());
    });
    expect(sentBodies()[0]).toEqual({
      checklistId: 'checklist_1',
      phone: '+1 415 555 0132',
      targetLanguage: 'en',
      consent: true,
    });
    expect(screen.getByTestId('share-sent-to').textContent).toContain('by text message to +•••••••••32');
  });

  it('Copy reads Copied! for 2 seconds', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    fetchMock.mockResolvedValue(jsonResponse(200, SENT));
    renderDialog();
    await fillEmailAndSend();

    vi.useFakeTimers();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    });
    expect(writeText).toHaveBeenCalledWith(SENT.shareUrl);
    expect(screen.getByRole('button', { name: SHARE_MESSAGES.copied })).toBeTruthy();
    act(() => vi.advanceTimersByTime(1999));
    expect(screen.getByRole('button', { name: SHARE_MESSAGES.copied })).toBeTruthy();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('button', { name: 'Copy' })).toBeTruthy();
  });

  it('copies by selecting the link when the Clipboard API is refused', async () => {
    const writeText = vi.fn().mockRejectedValue(new Error('NotAllowedError'));
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const execCommand = vi.fn().mockReturnValue(true);
    document.execCommand = execCommand;
    fetchMock.mockResolvedValue(jsonResponse(200, SENT));
    renderDialog();
    await fillEmailAndSend();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Copy' }));
    });
    expect(execCommand).toHaveBeenCalledWith('copy');
    expect(document.activeElement).toBe(screen.getByLabelText('Share link'));
    expect(screen.getByRole('button', { name: SHARE_MESSAGES.copied })).toBeTruthy();
  });

  it('Generate new link sends again with newLink and shows the new link', async () => {
    fetchMock
      .mockResolvedValueOnce(jsonResponse(200, SENT))
      .mockResolvedValueOnce(jsonResponse(200, { ...SENT, shareUrl: 'http://localhost/shared/new-token' }));
    renderDialog();
    await fillEmailAndSend();
    expect(screen.getByText(/current link stops working/)).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Generate new link' }));
    });
    expect(sentBodies()[1]).toEqual({
      checklistId: 'checklist_1',
      email: 'jo@example.com',
      targetLanguage: 'en',
      consent: true,
      newLink: true,
    });
    expect((screen.getByLabelText('Share link') as HTMLTextAreaElement).value).toBe(
      'http://localhost/shared/new-token',
    );
    expect(screen.getByRole('status').textContent).toMatch(/previous link no longer works/);
  });

  it('shows why Generate new link failed and keeps the link', async () => {
    fetchMock
      .mockResolvedValueOnce(jsonResponse(200, SENT))
      .mockResolvedValueOnce(
        jsonResponse(429, { error: { code: 'rate_limited', message: SHARE_MESSAGES.resendTooSoon } }),
      );
    renderDialog();
    await fillEmailAndSend();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Generate new link' }));
    });
    expect(screen.getByRole('alert').textContent).toBe(SHARE_MESSAGES.resendTooSoon);
    expect((screen.getByLabelText('Share link') as HTMLTextAreaElement).value).toBe(SENT.shareUrl);
  });

  it('Done closes it; opening again starts afresh', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, SENT));
    const { onOpenChange, rerender } = renderDialog();
    type(/name/, 'Jo');
    fireEvent.change(screen.getByLabelText(/language/), { target: { value: 'es' } });
    fireEvent.click(screen.getByRole('tab', { name: 'Phone' }));
    type(/mobile number/, '+1 415 555 0132');
    fireEvent.click(consent());
    await act(async () => {
      fireEvent.click(sendButton());
    });
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);

    rerender({ open: false });
    expect(screen.queryByRole('dialog')).toBeNull();
    rerender({ open: true });
    expect(screen.queryByTestId('share-success')).toBeNull();
    expect(screen.getByRole('tab', { name: 'Email' }).getAttribute('aria-selected')).toBe('true');
    expect((screen.getByLabelText(/language/) as HTMLSelectElement).value).toBe('en');
    expect((screen.getByLabelText(/name/) as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText(/email address/) as HTMLInputElement).value).toBe('');
    expect((consent() as HTMLInputElement).checked).toBe(false);
    fireEvent.click(screen.getByRole('tab', { name: 'Phone' }));
    expect((screen.getByLabelText(/mobile number/) as HTMLInputElement).value).toBe('');
    expect((consent() as HTMLInputElement).checked).toBe(false);
  });
});

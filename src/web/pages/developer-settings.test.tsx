import { beforeAll, describe, expect, it, vi } from 'vitest';
import { API_TOKEN_MESSAGES } from '#domain/api-access';
import type { ApiToken, Webhook, WebhookDelivery } from '#domain/integrations-response';
import { WEBHOOK_EVENTS } from '#domain/webhooks';
import { act, fireEvent, screen, waitFor, within } from '#tests/support/preact-testing-library';
import { errorAnswer, fakeTeamApi, renderInApp, teamAnswer } from '#tests/support/teams-web';
import { jsonResponse, mockFetchEachTest, writePublicConfig } from '#tests/support/web-components';
import DeveloperSettingsPage from './developer-settings.tsx';

/** /settings/developers against the tokens and webhooks API's answers (docs/api.md). */

const fetchMock = mockFetchEachTest();
beforeAll(() => writePublicConfig({ siteName: 'ListSync' }));

const TOKEN: ApiToken = {
  id: 'tok-1',
  name: 'Accounting export',
  scopes: ['checklists:read'],
  createdAt: '2026-11-20T10:00:00.000Z',
  lastUsedAt: null,
};

const WEBHOOK: Webhook = {
  id: 'wh-1',
  url: 'https://hooks.example.com/listsync',
  events: ['checklist.submitted', 'task.completed'],
  enabled: true,
  disabledReason: null,
  createdAt: '2026-11-21T10:00:00.000Z',
};

function delivery(overrides: Partial<WebhookDelivery>): WebhookDelivery {
  return {
    id: 'msg_1',
    event: 'webhook.test',
    status: 'succeeded',
    attempts: 1,
    responseStatus: 200,
    durationMs: 42,
    error: null,
    createdAt: new Date(Date.now() - 120_000).toISOString(),
    lastAttemptAt: new Date(Date.now() - 120_000).toISOString(),
    nextAttemptAt: null,
    ...overrides,
  };
}

function api(team = teamAnswer(), tokens: ApiToken[] = [TOKEN], webhooks: Webhook[] = [WEBHOOK]) {
  const fake = fakeTeamApi(fetchMock);
  fake.answers['GET /api/team'] = () => jsonResponse(200, team);
  fake.answers['GET /api/tokens'] = () => jsonResponse(200, { tokens });
  fake.answers['GET /api/webhooks'] = () => jsonResponse(200, { webhooks });
  return fake;
}

const calls = (fake: ReturnType<typeof api>, method: string, url: string) =>
  fake.requests.filter((request) => request.method === method && request.url === url);

async function press(name: string | RegExp, scope: HTMLElement = document.body) {
  const button = await within(scope).findByRole('button', { name });
  await act(async () => {
    fireEvent.click(button);
  });
}

describe('the Developers settings: API tokens', () => {
  it('lists each token with its scopes and last use, and links to the API reference', async () => {
    api(teamAnswer(), [TOKEN, { ...TOKEN, id: 'tok-2', name: 'Zap', lastUsedAt: new Date().toISOString() }]);
    renderInApp(<DeveloperSettingsPage />, '/settings/developers');
    const list = await screen.findByRole('list', { name: 'API tokens' });
    const rows = within(list).getAllByTestId('token-row');
    expect(rows[0]?.textContent).toContain('Never used');
    expect(rows[1]?.textContent).toContain('Last used just now');
    expect(
      within(rows[0] as HTMLElement).getByRole('list', { name: 'Scopes of Accounting export' }).textContent,
    ).toBe('checklists:read');
    expect(screen.getByRole('link', { name: 'API reference and quick start' }).getAttribute('href')).toBe(
      '/developers',
    );
  });

  it('makes a token and shows its secret once, with Copy, until Done', async () => {
    const fake = api(teamAnswer(), []);
    fake.answers['POST /api/tokens'] = (body) =>
      jsonResponse(201, { token: { ...TOKEN, ...(body as object) }, secret: 'ls_secret123' });
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    renderInApp(<DeveloperSettingsPage />, '/settings/developers');
    await screen.findByTestId('tokens-empty');

    await press('New token');
    const form = screen.getByRole('form', { name: 'New token' });
    await press('Create token', form);
    expect(form.textContent).toContain(API_TOKEN_MESSAGES.nameRequired);
    expect(calls(fake, 'POST', '/api/tokens')).toHaveLength(0);

    fireEvent.change(within(form).getByLabelText('Name'), { target: { value: '  Nightly sync ' } });
    fireEvent.click(within(form).getByLabelText('webhooks:manage'));
    await press('Create token', form);
    expect(calls(fake, 'POST', '/api/tokens')[0]?.body).toEqual({
      name: 'Nightly sync',
      scopes: ['checklists:read', 'webhooks:manage'],
    });

    const panel = await screen.findByTestId('token-secret');
    expect(within(panel).getByRole('heading').textContent).toBe('Your new token “Nightly sync”');
    expect((within(panel).getByLabelText('Token secret') as HTMLInputElement).value).toBe('ls_secret123');
    expect(within(panel).getByLabelText('Token secret').hasAttribute('readonly')).toBe(true);
    expect(panel.textContent).toContain('it will not be shown again');
    await press('Copy', panel);
    expect(writeText).toHaveBeenCalledWith('ls_secret123');
    expect(within(panel).getByRole('status').textContent).toBe('Copied');
    await press('Done', panel);
    expect(screen.queryByTestId('token-secret')).toBeNull();
    expect(screen.queryByDisplayValue('ls_secret123')).toBeNull();
  });

  it('selects the secret for copying by hand when the clipboard refuses', async () => {
    const fake = api(teamAnswer(), []);
    fake.answers['POST /api/tokens'] = () => jsonResponse(201, { token: TOKEN, secret: 'ls_abc' });
    vi.stubGlobal('navigator', {
      ...navigator,
      clipboard: { writeText: () => Promise.reject(new Error('no')) },
    });
    renderInApp(<DeveloperSettingsPage />, '/settings/developers');
    await press('New token');
    fireEvent.change(await screen.findByLabelText('Name'), { target: { value: 'CI' } });
    await press('Create token');
    const panel = await screen.findByTestId('token-secret');
    await press('Copy', panel);
    const field = within(panel).getByLabelText('Token secret') as HTMLInputElement;
    expect(document.activeElement).toBe(field);
    expect([field.selectionStart, field.selectionEnd]).toEqual([0, 'ls_abc'.length]);
    expect(within(panel).getByRole('status').textContent).toBe('Select the text and copy it yourself');
  });

  it('says the server’s refusal in the form (50 tokens already)', async () => {
    const fake = api();
    fake.answers['POST /api/tokens'] = errorAnswer(
      409,
      'token_limit_reached',
      API_TOKEN_MESSAGES.limitReached,
      {
        limit: 50,
      },
    );
    renderInApp(<DeveloperSettingsPage />, '/settings/developers');
    await press('New token');
    const form = screen.getByRole('form', { name: 'New token' });
    fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'One more' } });
    await press('Create token', form);
    expect((await within(form).findByRole('alert')).textContent).toBe(API_TOKEN_MESSAGES.limitReached);
    expect(screen.queryByTestId('token-secret')).toBeNull();
  });

  it('revokes a token after a confirmation that names it', async () => {
    const fake = api();
    fake.answers['DELETE /api/tokens/tok-1'] = () => new Response(null, { status: 204 });
    renderInApp(<DeveloperSettingsPage />, '/settings/developers');
    fireEvent.click(await screen.findByRole('button', { name: 'Revoke Accounting export' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Revoke “Accounting export”?' });
    await press('Revoke token', dialog);
    await waitFor(() => expect(calls(fake, 'DELETE', '/api/tokens/tok-1')).toHaveLength(1));
  });
});

describe('the Developers settings: who sees what', () => {
  it('offers a free team’s owner the upgrade, and asks nothing of the tokens or webhooks', async () => {
    const fake = api(teamAnswer({ team: { tier: 'free' } as never }));
    renderInApp(<DeveloperSettingsPage />, '/settings/developers');
    const offer = await screen.findByTestId('developers-paid-only');
    expect(offer.textContent).toContain('API access and webhooks come with the Professional plan.');
    expect(within(offer).getByRole('link', { name: 'Upgrade plan' }).getAttribute('href')).toBe('/pricing');
    expect(screen.queryByRole('button', { name: 'New token' })).toBeNull();
    expect(fake.requests.map((request) => request.url)).toEqual(['/api/team']);
  });

  it('tells a free team’s admin to ask the owner, and a paid team’s member who manages them', async () => {
    api(teamAnswer({ myRole: 'admin', team: { tier: 'free' } as never }));
    const first = renderInApp(<DeveloperSettingsPage />, '/settings/developers');
    expect((await screen.findByTestId('developers-paid-only')).textContent).toContain('Ask the team’s owner');
    first.unmount();

    const fake = api(teamAnswer({ myRole: 'member' }));
    renderInApp(<DeveloperSettingsPage />, '/settings/developers');
    expect((await screen.findByTestId('developers-managers-only')).textContent).toContain(
      'The team’s owner or an admin manages API tokens and webhooks.',
    );
    expect(fake.requests.some((request) => request.url !== '/api/team')).toBe(false);
  });
});

describe('the Developers settings: webhooks', () => {
  it('adds a webhook for every event and shows its signing secret once', async () => {
    const fake = api(teamAnswer(), [], []);
    fake.answers['POST /api/webhooks'] = (body) =>
      jsonResponse(201, { webhook: { ...WEBHOOK, ...(body as object) }, secret: 'whsec_c2VjcmV0' });
    renderInApp(<DeveloperSettingsPage />, '/settings/developers');
    await screen.findByTestId('webhooks-empty');
    await press('Add webhook');
    const form = screen.getByRole('form', { name: 'Add webhook' });
    fireEvent.change(within(form).getByLabelText('Endpoint URL'), { target: { value: 'ftp://nope' } });
    await press('Add webhook', form);
    expect(form.textContent).toContain('Enter a full https:// address');
    expect(form.textContent).toContain('Choose at least one event');

    fireEvent.change(within(form).getByLabelText('Endpoint URL'), {
      target: { value: 'https://hooks.example.com/in' },
    });
    fireEvent.click(within(form).getByLabelText('All events'));
    expect(within(form).getByLabelText('A checklist is submitted')).toHaveProperty('checked', true);
    await press('Add webhook', form);
    expect(calls(fake, 'POST', '/api/webhooks')[0]?.body).toEqual({
      url: 'https://hooks.example.com/in',
      events: [...WEBHOOK_EVENTS],
    });
    const panel = await screen.findByTestId('webhook-secret');
    expect((within(panel).getByLabelText('Signing secret') as HTMLInputElement).value).toBe('whsec_c2VjcmV0');
  });

  it('sends a test event, opens the delivery log and retries a failed delivery', async () => {
    const fake = api();
    fake.answers['POST /api/webhooks/wh-1/test'] = () => jsonResponse(202, { delivery: delivery({}) });
    fake.answers['GET /api/webhooks/wh-1/deliveries'] = () =>
      jsonResponse(200, {
        deliveries: [
          delivery({}),
          delivery({
            id: 'msg_2',
            event: 'task.completed',
            status: 'failed',
            attempts: 3,
            responseStatus: 500,
            durationMs: 1500,
            error: 'HTTP 500',
          }),
        ],
      });
    fake.answers['POST /api/webhooks/wh-1/deliveries/msg_2/retry'] = () =>
      jsonResponse(200, { delivery: delivery({ id: 'msg_2', status: 'pending' }) });
    renderInApp(<DeveloperSettingsPage />, '/settings/developers');
    const row = await screen.findByTestId('webhook-row');
    expect(within(row).getByRole('switch', { name: 'Enabled' }).getAttribute('aria-checked')).toBe('true');
    expect(row.textContent).toContain(`2 of ${WEBHOOK_EVENTS.length} events`);

    await press('Send test event', row);
    expect(calls(fake, 'POST', '/api/webhooks/wh-1/test')).toHaveLength(1);
    const rows = await within(row).findAllByTestId('delivery-row');
    expect(rows[0]?.textContent).toContain('webhook.test');
    expect(rows[0]?.textContent).toContain('Succeeded');
    expect(rows[0]?.textContent).toContain('42 ms');
    expect(within(rows[0] as HTMLElement).queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(rows[1]?.textContent).toContain('HTTP 500');
    expect(rows[1]?.textContent).toContain('1.5 s');
    await press('Retry', rows[1]);
    expect(calls(fake, 'POST', '/api/webhooks/wh-1/deliveries/msg_2/retry')).toHaveLength(1);
  });

  it('turns an endpoint off, and shows why the server turned one off', async () => {
    const fake = api(
      teamAnswer(),
      [],
      [
        WEBHOOK,
        {
          ...WEBHOOK,
          id: 'wh-2',
          url: 'https://old.example.com',
          enabled: false,
          disabledReason: 'Disabled: deliveries failed for 3 days.',
        },
      ],
    );
    fake.answers['PATCH /api/webhooks/wh-1'] = () =>
      jsonResponse(200, { webhook: { ...WEBHOOK, enabled: false } });
    renderInApp(<DeveloperSettingsPage />, '/settings/developers');
    const [on, off] = await screen.findAllByTestId('webhook-row');
    expect(off?.textContent).toContain('Disabled: deliveries failed for 3 days.');
    await act(async () => {
      fireEvent.click(within(on as HTMLElement).getByRole('switch', { name: 'Enabled' }));
    });
    expect(calls(fake, 'PATCH', '/api/webhooks/wh-1')[0]?.body).toEqual({ enabled: false });
  });
});

import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { WEBHOOK_EVENTS } from '#domain/webhooks';
import { buyProfessional } from './billing.ts';
import { expect, signInAs, test, uniqueAccount } from './fixtures.ts';

/**
 * The Developers settings (issue 32): a Professional owner makes an API token, copies it, uses it as
 * `Authorization: Bearer` and revokes it (the same request is then 401); adds a webhook pointing at a
 * receiver started here, sends a test event and sees it in the delivery log as delivered with 200.
 * A free owner sees the upgrade offer instead. Screenshots at 1280 and 390 px.
 */

const SHOTS = 'test-results/screenshots';

async function shoot(page: Page, name: string) {
  const toast = page.getByTestId('toast');
  if (await toast.isVisible()) await toast.getByRole('button', { name: 'Close' }).click();
  await expect(toast).toHaveCount(0);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${SHOTS}/developers-${name}-${width}.png`, fullPage: true });
    // Nothing wider than the screen: a phone never scrolls sideways.
    const wide = await page.evaluate(() =>
      [...document.querySelectorAll('body *')]
        .filter(
          (element) => element.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5,
        )
        .map((element) => `${element.tagName}.${element.className}`.slice(0, 120)),
    );
    expect(wide, `wider than ${width} px`).toEqual([]);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A webhook receiver on this machine (local mode sends to it), answering 200 to everything. */
async function startReceiver(): Promise<{ server: Server; url: string; received: Received[] }> {
  const received: Received[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      body += chunk;
    });
    request.on('end', () => {
      received.push({ headers: request.headers, body });
      response.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, url: `http://127.0.0.1:${port}/listsync-events`, received };
}

test.slow();

test('a free owner is offered the upgrade instead of tokens and webhooks', async ({ page }) => {
  await signInAs(page, uniqueAccount('Fred Free'));
  await page.goto('/settings');
  await expect(page.getByTestId('developers-settings-link')).toContainText('API tokens, webhooks');
  await shoot(page, 'settings-link');
  await page.getByTestId('developers-settings-link').click();
  await expect(page).toHaveURL(/\/settings\/developers$/);
  const offer = page.getByTestId('developers-paid-only');
  await expect(offer).toContainText('API access and webhooks come with the Professional plan.');
  await expect(offer.getByRole('link', { name: 'Upgrade plan' })).toHaveAttribute('href', '/pricing');
  await expect(page.getByRole('button', { name: 'New token' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'API reference and quick start' })).toHaveAttribute(
    'href',
    '/developers',
  );
  await shoot(page, 'free');
});

test('a token is made, copied, used as a bearer and revoked', async ({ page, context, request }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signInAs(page, uniqueAccount('Dana Developer'));
  await buyProfessional(page);
  await page.goto('/settings/developers');
  const tokens = page.getByTestId('tokens-section');
  await expect(tokens.getByTestId('tokens-empty')).toBeVisible();

  await tokens.getByRole('button', { name: 'New token' }).click();
  const form = tokens.getByRole('form', { name: 'New token' });
  await form.getByRole('button', { name: 'Create token' }).click();
  await expect(form).toContainText('Give the token a name');
  await form.getByLabel('Name').fill('Nightly export');
  await expect(form.getByLabel('checklists:read')).toBeChecked();
  await form.getByRole('button', { name: 'Create token' }).click();

  const panel = tokens.getByTestId('token-secret');
  const field = panel.getByLabel('Token secret');
  await expect(field).toHaveValue(/^ls_.{20,}$/);
  await expect(panel).toContainText('it will not be shown again');
  const secret = await field.inputValue();
  await panel.getByRole('button', { name: 'Copy' }).click();
  await expect(panel.getByRole('status')).toHaveText('Copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);

  const row = tokens.getByTestId('token-row');
  await expect(row).toContainText('Nightly export');
  await expect(row.getByRole('list', { name: 'Scopes of Nightly export' })).toHaveText('checklists:read');
  await expect(row).toContainText('Never used');

  const asToken = { headers: { authorization: `Bearer ${secret}` } };
  const used = await request.get('/api/checklists', asToken);
  expect(used.status()).toBe(200);
  expect(await used.json()).toEqual([]);

  await panel.getByRole('button', { name: 'Done' }).click();
  await expect(panel).toHaveCount(0);
  await row.getByRole('button', { name: 'Revoke Nightly export' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Revoke “Nightly export”?' });
  await dialog.getByRole('button', { name: 'Revoke token' }).click();
  await expect(page.getByTestId('toast')).toContainText('“Nightly export” was revoked');
  await expect(tokens.getByTestId('tokens-empty')).toBeVisible();
  expect((await request.get('/api/checklists', asToken)).status()).toBe(401);
});

test('a webhook gets a test event, and the delivery log shows it delivered', async ({ page }) => {
  const receiver = await startReceiver();
  try {
    await signInAs(page, uniqueAccount('Wendy Webhook'));
    await buyProfessional(page);
    await page.goto('/settings/developers');

    // A token to show in the screenshots beside the webhook.
    const tokens = page.getByTestId('tokens-section');
    await tokens.getByRole('button', { name: 'New token' }).click();
    await tokens.getByLabel('Name').fill('Accounting sync');
    await tokens.getByLabel('webhooks:manage').check();
    await tokens.getByRole('button', { name: 'Create token' }).click();
    await expect(tokens.getByTestId('token-secret')).toBeVisible();

    const hooks = page.getByTestId('webhooks-section');
    await hooks.getByRole('button', { name: 'Add webhook' }).click();
    const form = hooks.getByRole('form', { name: 'Add webhook' });
    await form.getByLabel('Endpoint URL').fill(receiver.url);
    await form.getByLabel('All events').check();
    await expect(form.getByLabel('A checklist becomes overdue')).toBeChecked();
    await form.getByLabel('A task is unticked').uncheck();
    await shoot(page, 'add-webhook-form');
    await form.getByRole('button', { name: 'Add webhook' }).click();
    const secretPanel = hooks.getByTestId('webhook-secret');
    await expect(secretPanel.getByLabel('Signing secret')).toHaveValue(/^whsec_/);

    const row = hooks.getByTestId('webhook-row');
    await expect(row).toContainText(receiver.url);
    await expect(row).toContainText(`${WEBHOOK_EVENTS.length - 1} of ${WEBHOOK_EVENTS.length} events`);
    await expect(row.getByRole('switch', { name: 'Enabled' })).toHaveAttribute('aria-checked', 'true');
    await row.getByRole('button', { name: 'Send test event' }).click();
    await expect(row.getByRole('button', { name: 'Deliveries', exact: true })).toHaveAttribute(
      'aria-expanded',
      'true',
    );

    // The log asks again every few seconds: the delivery shows as delivered once the receiver answered.
    const delivery = row.getByTestId('delivery-row').first();
    await expect(delivery).toContainText('webhook.test');
    await expect(delivery).toContainText('Succeeded', { timeout: 20_000 });
    await expect(delivery.getByRole('cell').nth(3)).toHaveText('200', { useInnerText: true });
    await expect(delivery.getByRole('cell').nth(2)).toHaveText('1', { useInnerText: true });
    await expect(delivery.getByRole('button', { name: 'Retry' })).toHaveCount(0);

    expect(receiver.received).toHaveLength(1);
    const [got] = receiver.received;
    expect(got?.headers['webhook-id']).toBeTruthy();
    expect(got?.headers['webhook-signature']).toMatch(/^v1,/);
    expect(JSON.parse(got?.body ?? '{}')).toMatchObject({ type: 'webhook.test' });

    await shoot(page, 'with-token-and-webhook');

    // Off and on again.
    await row.getByRole('switch', { name: 'Enabled' }).click();
    await expect(row.getByRole('switch', { name: 'Enabled' })).toHaveAttribute('aria-checked', 'false');
    await expect(row).toContainText('Disabled');
    await row.getByRole('switch', { name: 'Enabled' }).click();
    await expect(row.getByRole('switch', { name: 'Enabled' })).toHaveAttribute('aria-checked', 'true');

    await row.getByRole('button', { name: 'Delete' }).click();
    const dialog = page.getByRole('alertdialog', { name: `Delete the webhook to ${receiver.url}?` });
    await dialog.getByRole('button', { name: 'Delete webhook' }).click();
    await expect(hooks.getByTestId('webhooks-empty')).toBeVisible();
  } finally {
    await new Promise((resolve) => receiver.server.close(resolve));
  }
});

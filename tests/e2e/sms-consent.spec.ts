import type { Page } from '@playwright/test';
import { PHONE_FORMAT_MESSAGE } from '#domain/phone';
import { SMS_CONSENT_ERROR } from '#domain/sms-consent';
import { expect, test } from './fixtures.ts';

const CONSENT_PATH = '/api/sms-consent';

function form(page: Page) {
  return {
    firstName: page.getByLabel('First name'),
    lastName: page.getByLabel('Last name'),
    phone: page.getByLabel('Phone number'),
    consent: page.getByRole('checkbox', { name: /I agree to receive text messages/ }),
    marketing: page.getByRole('checkbox', { name: /new features and offers/ }),
    submit: page.getByRole('button', { name: 'Submit Consent' }),
  };
}

async function fillValid(page: Page, phone: string) {
  const f = form(page);
  await f.firstName.fill('Maria');
  await f.lastName.fill('Gonzalez');
  await f.phone.fill(phone);
  await f.consent.check();
  return f;
}

test('the page is public and tells who sends the messages and how to stop them', async ({ page }) => {
  await page.goto('/sms-consent');
  await expect(page).toHaveURL('/sms-consent');
  await expect(page.getByRole('heading', { name: 'SMS Consent', level: 1 })).toBeVisible();

  const consentLabel = page.getByText(
    /I agree to receive text messages from ListSync about checklists shared/,
  );
  await expect(consentLabel).toContainText('Message and data rates may apply');
  await expect(consentLabel).toContainText('Message frequency varies');
  await expect(page.getByText('Include the country code, e.g. +1 415 555 0132.')).toBeVisible();

  const about = page.getByRole('region', { name: 'About these messages' });
  await expect(about).toContainText(/Messages come from \+\d/);
  await expect(about).toContainText('Reply STOP');
  await expect(about).toContainText('Reply HELP');
  await expect(about.getByRole('link')).toHaveAttribute('href', /^mailto:[^@\s]+@[^@\s]+$/);
});

test('Submit Consent is enabled only once first name, last name, phone and the required consent are set', async ({
  page,
}) => {
  await page.goto('/sms-consent');
  const f = form(page);
  await expect(f.submit).toBeDisabled();

  await f.marketing.check();
  await expect(f.submit).toBeDisabled();
  await f.firstName.fill('Maria');
  await expect(f.submit).toBeDisabled();
  await f.lastName.fill('Gonzalez');
  await expect(f.submit).toBeDisabled();
  await f.phone.fill('+1 415 555 0132');
  await expect(f.submit).toBeDisabled();
  await f.consent.check();
  await expect(f.submit).toBeEnabled();

  await f.consent.uncheck();
  await expect(f.submit).toBeDisabled();
  await f.consent.check();
  await f.lastName.fill('   ');
  await expect(f.submit).toBeDisabled();
  await f.lastName.fill('Gonzalez');
  await f.phone.fill('');
  await expect(f.submit).toBeDisabled();
});

test('a good number is recorded and the success view shows it in E.164', async ({ page }) => {
  await page.goto('/sms-consent');
  const f = await fillValid(page, '+1 (415) 555-0132');
  await f.marketing.check();

  const [request, response] = await Promise.all([
    page.waitForRequest((r) => new URL(r.url()).pathname === CONSENT_PATH),
    page.waitForResponse((r) => new URL(r.url()).pathname === CONSENT_PATH),
    f.submit.click(),
  ]);
  expect(response.status()).toBe(201);
  const sent = request.postDataJSON() as Record<string, unknown>;
  expect(sent).toMatchObject({
    firstName: 'Maria',
    lastName: 'Gonzalez',
    phoneNumber: '+1 (415) 555-0132',
    consent: true,
    marketingConsent: true,
    ipAddress: 'localhost',
    isActive: true,
  });
  expect(Number.isNaN(Date.parse(String(sent.consentedAt)))).toBe(false);
  expect(sent.userAgent).toBe(await page.evaluate(() => navigator.userAgent));

  await expect(page.getByRole('heading', { name: 'Consent Recorded' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Consent Recorded' })).toBeFocused();
  await expect(page.getByText('+14155550132')).toBeVisible();
  const goToDashboard = page.getByRole('link', { name: 'Go to Dashboard' });
  await expect(goToDashboard).toHaveAttribute('href', '/');
  await goToDashboard.click();
  await expect(page).toHaveURL('/');
});

test.describe('when the server refuses', () => {
  // Chromium logs every non-OK response as a console error; these ones are the point of the test.
  test.use({ allowConsoleErrors: [/status of (400|500)/] });

  test("a bad phone number shows the server's message beside the field", async ({ page }) => {
    await page.goto('/sms-consent');
    const f = await fillValid(page, '415 555');

    const [response] = await Promise.all([
      page.waitForResponse((r) => new URL(r.url()).pathname === CONSENT_PATH),
      f.submit.click(),
    ]);
    expect(response.status()).toBe(400);

    await expect(page.getByRole('alert')).toHaveText(PHONE_FORMAT_MESSAGE);
    await expect(f.phone).toHaveAttribute('aria-invalid', 'true');
    await expect(f.phone).toBeFocused();
    await expect(page.getByRole('heading', { name: 'Consent Recorded' })).toHaveCount(0);

    // Correcting the number clears the message, and the form can be sent again.
    await f.phone.fill('+44 20 7946 0958');
    await expect(page.getByRole('alert')).toHaveCount(0);
    await f.submit.click();
    await expect(page.getByRole('heading', { name: 'Consent Recorded' })).toBeVisible();
    await expect(page.getByText('+442079460958')).toBeVisible();
  });

  test('any other failure shows the alert text of the spec', async ({ page }) => {
    await page.route(`**${CONSENT_PATH}`, (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ error: { code: 'internal_error', message: 'Something went wrong.' } }),
      }),
    );
    await page.goto('/sms-consent');
    const f = await fillValid(page, '+1 415 555 0132');
    await f.submit.click();
    await expect(page.getByRole('alert')).toHaveText(SMS_CONSENT_ERROR);
    await expect(f.submit).toBeEnabled();
  });
});

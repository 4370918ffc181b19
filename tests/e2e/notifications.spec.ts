import { seedChecklist } from './checklists.ts';
import { expect, signInAs, test } from './fixtures.ts';
import { closeRecipient, enterCode, linkPath, openRecipient, shareByEmail } from './recipient.ts';

/**
 * Owner notifications (decision 0024): a recipient submits in another browser, and the owner's open
 * screen shows it at once (a toast and the bell's unread badge) without a reload; the bell's menu
 * lists it and opens the checklist; the settings page saves the owner's e-mail choices.
 */
const SHOTS = process.env.SHOTS_DIR ?? 'test-results';

test('a submission in another browser is toasted and counted on the owner screen, live', async ({
  page,
  browser,
  baseURL,
}) => {
  const owner = await signInAs(page);
  const checklist = await seedChecklist(page, 'Harbour View turnover', ['Strip beds', 'Restock bathroom']);
  const sent = await shareByEmail(page, checklist.id, 'jordan.lee@example.com');
  await page.goto('/dashboard');
  const bell = page.getByTestId('notifications-button');
  await expect(bell).toHaveAccessibleName('Notifications');
  await expect(page.getByTestId('notifications-badge')).toHaveCount(0);

  const recipient = await openRecipient(browser, baseURL);
  await recipient.page.goto(linkPath(sent));
  await enterCode(recipient.page, sent.verificationCode as string);
  await recipient.page.getByRole('button', { name: 'Submit Completed Checklist' }).click();
  // Both tasks are unticked, so the confirmation always comes (its chunk may take a moment to load:
  // checking once with isVisible raced it).
  await recipient.page.getByRole('button', { name: 'Submit Anyway' }).click();
  await expect(recipient.page.getByText('This checklist has been submitted as completed.')).toBeVisible();
  await closeRecipient(recipient);

  const toast = page.getByTestId('toast').filter({ hasText: '“Harbour View turnover” was submitted' });
  await expect(toast).toBeVisible();
  await expect(toast).toContainText('By Jane (j•••e@example.com).');
  await expect(page.getByTestId('notifications-badge')).toHaveText('1');
  await expect(bell).toHaveAccessibleName('Notifications, 1 unread');
  await page.screenshot({ path: `${SHOTS}/notifications-toast-1280.png` });

  await bell.click();
  const menu = page.getByRole('menu', { name: 'Notifications' });
  const entry = menu.getByTestId('notification').first();
  await expect(entry).toContainText('“Harbour View turnover” was submitted');
  await page.screenshot({ path: `${SHOTS}/notifications-menu-1280.png` });
  await entry.getByRole('menuitem').first().click();
  await expect(page).toHaveURL(new RegExp(`/checklist/${checklist.id}$`));
  await expect(page.getByTestId('notifications-badge')).toHaveCount(0);

  // The e-mail went too (the outbox locally), naming the checklist, with its unsubscribe header. The
  // outbox is the server's: other tests (and repeats of this one) send the same subject to their owners.
  const outbox = await (await page.request.get('/api/dev/outbox')).json();
  const mail = outbox.messages.find(
    (message: { to: string; subject: string | null }) =>
      message.to === owner.email && message.subject === 'ListSync: “Harbour View turnover” was submitted',
  );
  expect(mail?.headers['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');

  // Its unsubscribe link, opened in a browser: a confirmation page, then one press turns it off.
  const unsubscribe = /^<(.+)>$/.exec(mail.headers['List-Unsubscribe'])?.[1] as string;
  await page.goto(new URL(unsubscribe).pathname + new URL(unsubscribe).search);
  await expect(page.getByRole('heading', { name: 'Unsubscribe from these e-mails?' })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/unsubscribe-confirm-1280.png` });
  await page.setViewportSize({ width: 375, height: 740 });
  await page.screenshot({ path: `${SHOTS}/unsubscribe-confirm-375.png` });
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByRole('heading', { name: "You're unsubscribed" })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/unsubscribe-done-375.png` });
  const settings = await (await page.request.get('/api/settings/notifications')).json();
  expect(settings.preferences.email).toEqual({
    submitted: false,
    ticks: true,
    code_not_received: true,
    link_locked: true,
  });
});

test('the settings page saves which e-mails the owner gets, and the bell menu links to it', async ({
  page,
}) => {
  await signInAs(page);
  await page.goto('/dashboard');
  await page.getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByRole('heading', { name: 'Settings', level: 1 })).toBeVisible();

  const ticks = page.getByLabel('Also tell me at the first and the last tick');
  const submitted = page.getByLabel('A recipient submits a checklist');
  await expect(submitted).toBeChecked();
  await expect(ticks).not.toBeChecked();
  const save = page.getByRole('button', { name: 'Save settings' });
  await expect(save).toBeDisabled();
  await ticks.check();
  await submitted.uncheck();
  await page.screenshot({ path: `${SHOTS}/settings-1280.png`, fullPage: true });
  await save.click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Settings saved' })).toBeVisible();

  await page.reload();
  await expect(page.getByLabel('Also tell me at the first and the last tick')).toBeChecked();
  await expect(page.getByLabel('A recipient submits a checklist')).not.toBeChecked();
  const saved = await (await page.request.get('/api/settings/notifications')).json();
  expect(saved.preferences).toEqual({
    tickNotices: true,
    email: { submitted: false, ticks: true, code_not_received: true, link_locked: true },
  });

  await page.setViewportSize({ width: 375, height: 800 });
  // The header keeps to the phone's width with the bell in it (settings move into the bell's menu).
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await page.screenshot({ path: `${SHOTS}/settings-375.png`, fullPage: true });
  await page.getByTestId('notifications-button').click();
  await expect(page.getByTestId('notifications-empty')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/notifications-menu-empty-375.png` });
  await page.getByRole('menuitem', { name: 'Notification settings' }).click();
  await expect(page).toHaveURL(/\/settings$/);
});

test("'I didn't get a code' on a phone tells the owner, who can send a new code from the bell", async ({
  page,
  browser,
  baseURL,
}) => {
  await signInAs(page);
  const checklist = await seedChecklist(page, 'Boiler service', ['Check pressure']);
  const sent = await shareByEmail(page, checklist.id, 'sam.ortiz@example.com');
  await page.goto('/dashboard');
  await expect(page.getByTestId('notifications-button')).toBeVisible();

  const recipient = await openRecipient(browser, baseURL);
  await recipient.page.goto(linkPath(sent));
  // The dialog is prerendered: a press before the page's code has hydrated it is pressed again.
  const told = recipient.page
    .getByRole('status')
    .filter({ hasText: 'We let the person who shared this checklist know.' });
  await expect(async () => {
    const button = recipient.page.getByRole('button', { name: "I didn't get a code" });
    if (await button.isEnabled().catch(() => false)) await button.click({ timeout: 1_000 });
    await expect(told).toBeVisible({ timeout: 2_000 });
  }).toPass();
  await recipient.page.screenshot({ path: `${SHOTS}/code-not-received-375.png` });
  await closeRecipient(recipient);

  await expect(page.getByTestId('notifications-badge')).toHaveText('1');
  await page.getByTestId('notifications-button').click();
  const newLink = page.waitForResponse(
    (response) => response.url().endsWith(`/shares/${sent.shareId}/new-link`) && response.status() === 200,
  );
  await page.setViewportSize({ width: 375, height: 740 });
  await page.screenshot({ path: `${SHOTS}/notifications-menu-375.png` });
  await page.getByRole('menuitem', { name: 'Send a new code', exact: true }).click();
  await newLink;
  await expect(page.getByTestId('toast').filter({ hasText: 'New code sent' })).toBeVisible();
});

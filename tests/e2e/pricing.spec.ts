import { expect, signInAs, test } from './fixtures.ts';

test.beforeEach(async ({ page }) => {
  await signInAs(page);
  await page.goto('/pricing');
  await expect(page.getByRole('heading', { name: 'Choose Your Plan', level: 1 })).toBeVisible();
});

test('the pricing page shows the three plans with their prices', async ({ page }) => {
  const plans = page.getByRole('list', { name: 'Plans' });
  await expect(plans.getByRole('group')).toHaveCount(3);

  const free = plans.getByRole('group', { name: 'Free' });
  const pro = plans.getByRole('group', { name: 'Professional' });
  const enterprise = plans.getByRole('group', { name: 'Enterprise' });

  await expect(free.getByTestId('plan-price')).toHaveText('$0/month');
  await expect(pro.getByTestId('plan-price')).toHaveText('$49/month');
  await expect(enterprise.getByTestId('plan-price')).toHaveText('$299/month');

  await expect(pro.getByText('Most Popular')).toBeVisible();
  await expect(free.getByText('Most Popular')).toHaveCount(0);
  await expect(pro.getByText('Save 20% yearly')).toBeVisible();
  await expect(enterprise.getByText('Save 20% yearly')).toBeVisible();
  await expect(pro.getByText('14-day free trial', { exact: true })).toBeVisible();
  await expect(free.getByText('Up to 5 checklists')).toBeVisible();

  // A new account is on Free.
  await expect(free.getByText('Current plan')).toBeVisible();
  await expect(pro.getByText('Current plan')).toHaveCount(0);
});

test('yearly shows the discounted price; paid plans start a trial; free goes to the dashboard', async ({
  page,
}) => {
  const plans = page.getByRole('list', { name: 'Plans' });
  const pro = plans.getByRole('group', { name: 'Professional' });
  const button = pro.getByRole('button', { name: 'Start 14-day free trial' });
  await expect(button).toHaveAccessibleDescription('Free for 14 days, then $49/month. Cancel anytime.');
  await expect(plans.getByRole('group', { name: 'Enterprise' }).getByRole('button')).toHaveText(
    'Start 30-day free trial',
  );
  await page.getByText('Yearly', { exact: true }).click();
  await expect(pro.getByTestId('plan-price')).toHaveText('$470/year');
  await expect(plans.getByRole('group', { name: 'Enterprise' }).getByTestId('plan-price')).toHaveText(
    '$2,870/year',
  );
  await expect(button).toHaveAccessibleDescription('Free for 14 days, then $470/year. Cancel anytime.');
  await plans.getByRole('group', { name: 'Free' }).getByRole('link', { name: 'Go to Dashboard' }).click();
  await expect(page).toHaveURL('/dashboard');
});

test('the FAQ answers open and close from the keyboard', async ({ page }) => {
  const faq = page.getByRole('region', { name: 'Frequently Asked Questions' });
  for (const question of [
    'Is there a free trial?',
    'Can I change plans later?',
    'What counts as a checklist?',
    'How is my data kept secure?',
  ]) {
    await expect(faq.getByText(question)).toBeVisible();
  }
  const trialAnswer = faq.getByText(/14 days on Professional and 30 days on Enterprise/);
  await expect(trialAnswer).toBeHidden();
  await faq.getByText('Is there a free trial?').focus();
  await page.keyboard.press('Enter');
  await expect(trialAnswer).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(trialAnswer).toBeHidden();
});

test("the Enterprise card's 'SLA' and 'Custom deployment' open their documents", async ({ page }) => {
  const enterprise = page.getByRole('list', { name: 'Plans' }).getByRole('group', { name: 'Enterprise' });
  await enterprise.getByRole('link', { name: 'SLA' }).click();
  await expect(page).toHaveURL(/\/sla$/);
  await expect(page.getByRole('heading', { name: 'Service levels', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Recovery point objective', level: 2 })).toBeVisible();
  await expect(page.getByRole('cell', { name: '99.9 %, with credits' })).toBeVisible();
  await page.goBack();
  await enterprise.getByRole('link', { name: 'Custom deployment' }).click();
  await expect(page).toHaveURL(/\/deployment$/);
  await expect(page.getByRole('heading', { name: 'Deployment guide', level: 1 })).toBeVisible();
  await expect(
    page.getByText('docker compose --env-file deploy/compose.env up -d --build').first(),
  ).toBeVisible();
  // A phone reads them without sideways scrolling of the page (tables and code scroll in place).
  await page.setViewportSize({ width: 375, height: 800 });
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
});

test('the header has Pricing at every width, beside the bell, within a phone’s width', async ({ page }) => {
  for (const width of [1280, 375, 320]) {
    await page.setViewportSize({ width, height: 800 });
    const header = page.getByRole('banner');
    const pricing = header.getByRole('link', { name: 'Pricing' });
    const bell = header.getByTestId('notifications-button');
    await expect(pricing).toBeVisible();
    await expect(bell).toBeVisible();
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(width);
    // Side by side, not on top of each other.
    const [a, b] = [await pricing.boundingBox(), await bell.boundingBox()];
    expect(a && b && a.x + a.width <= b.x).toBe(true);
  }
  await page.getByRole('banner').getByRole('link', { name: 'Pricing' }).click();
  await expect(page).toHaveURL(/\/pricing$/);
});

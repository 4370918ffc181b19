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
  await expect(pro.getByText('14-day free trial')).toBeVisible();
  await expect(free.getByText('Up to 5 checklists')).toBeVisible();

  // Every account is on Free until billing exists.
  await expect(free.getByText('Current plan')).toBeVisible();
  await expect(pro.getByText('Current plan')).toHaveCount(0);
});

test('paid plans do not pretend to check out; the free plan goes to the dashboard', async ({ page }) => {
  const plans = page.getByRole('list', { name: 'Plans' });
  for (const name of ['Professional', 'Enterprise']) {
    const button = plans.getByRole('group', { name }).getByRole('button', { name: 'Checkout coming soon' });
    await expect(button).toBeDisabled();
    await expect(button).toHaveAccessibleDescription('Card checkout is not open yet.');
  }
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
  const trialAnswer = faq.getByText(/7-day free trial/);
  await expect(trialAnswer).toBeHidden();
  await faq.getByText('Is there a free trial?').focus();
  await page.keyboard.press('Enter');
  await expect(trialAnswer).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(trialAnswer).toBeHidden();
});

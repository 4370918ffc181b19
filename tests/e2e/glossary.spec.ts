import { existsSync, mkdirSync } from 'node:fs';
import type { Locator, Page } from '@playwright/test';
import { seedChecklist } from './checklists.ts';
import { expect, signInAs, test, uniqueAccount } from './fixtures.ts';

/**
 * The team glossary (issue 33 item 4): a term added in settings changes what recipients read (Apertium's
 * eng-spa in local mode turns "Turnover" into "Facturación" without it), and the owner corrects one
 * task from the checklist page, adding a term to the glossary from the correction.
 * GLOSSARY_SHOTS=<folder> also saves screenshots at 1280 and 375 px wide.
 */

const APERTIUM_ENG_SPA = existsSync('/usr/share/apertium/modes/eng-spa.mode');
const SHOTS = process.env.GLOSSARY_SHOTS;

/** The whole page, or (`focus`) the screen scrolled to it: sticky bars would repeat in a whole-page picture. */
async function shot(page: Page, name: string, focus?: Locator) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.waitForTimeout(150);
    if (focus) {
      await focus.evaluate((element) => element.scrollIntoView({ block: 'center', behavior: 'instant' }));
      await page.waitForTimeout(300);
    }
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: !focus });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function shareInSpanish(page: Page, checklistId: string) {
  const response = await page.request.post('/api/verification/send', {
    data: {
      checklistId,
      email: 'rosa@example.com',
      recipientName: 'Rosa',
      targetLanguage: 'es',
      consent: true,
    },
  });
  expect(response.status(), await response.text()).toBe(200);
}

// The second 'turnover' is refused on purpose (409).
test.use({ allowConsoleErrors: [/Failed to load resource: the server responded with a status of 409/] });

test('a term added in settings, and a task corrected from the checklist page', async ({ page }) => {
  // A long journey on a shared machine, and Apertium's runs take seconds each.
  test.setTimeout(SHOTS ? 180_000 : 90_000);
  test.skip(!APERTIUM_ENG_SPA, "needs Debian's apertium-eng-spa (.ci/run installs it)");
  await signInAs(page, uniqueAccount('Gloria Sanz'));

  await page.goto('/settings');
  await page.getByTestId('glossary-settings-link').click();
  await expect(page.getByRole('heading', { name: 'Glossary', level: 1 })).toBeVisible();
  await expect(page.getByTestId('glossary-empty')).toBeVisible();

  await page.getByRole('button', { name: 'Add term' }).click();
  const form = page.locator('form');
  // Nothing typed: each field says what it needs, and nothing is sent.
  await form.getByRole('button', { name: 'Add term' }).click();
  await expect(form.getByText('Enter the term as your team writes it')).toBeVisible();
  await expect(form.getByText('Enter its translation')).toBeVisible();
  // A free team translates into English and Spanish: the only languages offered.
  await expect(form.getByLabel('Language').locator('option')).toHaveText(['English', 'Spanish']);
  await form.getByLabel('Language').selectOption('es');
  await form.getByLabel('Term').fill('turnover');
  await form.getByLabel('Translation').fill('limpieza de salida');
  await shot(page, 'glossary-settings-form');
  await form.getByRole('button', { name: 'Add term' }).click();
  await expect(page.getByTestId('glossary-es').getByTestId('glossary-entry')).toHaveText([
    /turnover.*limpieza de salida/,
  ]);

  // The same term again: the server's refusal is said in the form.
  await page.getByRole('button', { name: 'Add term' }).click();
  await form.getByLabel('Term').fill('Turnover');
  await form.getByLabel('Translation').fill('otra cosa');
  await form.getByRole('button', { name: 'Add term' }).click();
  await expect(form.getByRole('alert')).toHaveText(/already in the glossary/);
  await form.getByRole('button', { name: 'Cancel' }).click();
  await shot(page, 'glossary-settings');

  const checklist = await seedChecklist(page, 'Harbour View', ['Turnover: Harbour View 4B', 'Mop the floor']);
  await shareInSpanish(page, checklist.id);
  await page.goto(`/checklist/${checklist.id}`);
  const card = page.getByTestId('translation-card');
  await card.getByRole('button', { name: 'Show Spanish' }).click();
  const tasks = card.getByTestId('translated-task');
  await expect(tasks.first()).toContainText('Limpieza de salida: Vista de puerto 4B', { timeout: 15_000 });

  await tasks
    .nth(1)
    .getByRole('button', { name: /Correct/ })
    .click();
  const correction = card.getByTestId('task-correction');
  await correction.getByLabel('Task in Spanish').fill('Fregar el suelo');
  await correction.getByLabel('Also use for every checklist (add to glossary)').check();
  // The words the correction changed are offered as the term's translation.
  await expect(correction.getByLabel('Translation')).not.toHaveValue('');
  await correction.getByLabel('Term').fill('mop the floor');
  await correction.getByLabel('Translation').fill('fregar el suelo');
  await shot(page, 'task-correction', card);
  await correction.getByRole('button', { name: 'Save correction' }).click();
  await expect(correction).toHaveCount(0);
  await expect(tasks.nth(1)).toContainText('Fregar el suelo');
  await expect(tasks.nth(1)).toContainText('Your correction');
  await shot(page, 'task-corrected', card);

  // The term is in the glossary too.
  await page.goto('/settings/glossary');
  await expect(page.getByTestId('glossary-es').getByTestId('glossary-entry')).toHaveText([
    /mop the floor.*fregar el suelo/,
    /turnover.*limpieza de salida/,
  ]);

  // Back to the machine's translation.
  await page.goto(`/checklist/${checklist.id}`);
  await card.getByRole('button', { name: 'Show Spanish' }).click();
  await tasks.nth(1).getByRole('button', { name: 'Use machine translation' }).click();
  await expect(tasks.nth(1)).not.toContainText('Your correction');
});

import { existsSync } from 'node:fs';
import type { Page } from '@playwright/test';
import type { LanguageCode } from '#domain/languages';
import type { ShareResponse } from '#domain/sharing';
import { seedChecklist } from './checklists.ts';
import { expect, signInAs, test, uniqueAccount } from './fixtures.ts';
import { closeRecipient, linkPath, openRecipient } from './recipient.ts';

/**
 * A recipient who does not read the owner's language (issue 13): the link's language runs the whole
 * journey (the code dialog, the verified view, a tick), the owner's texts arrive machine-translated
 * where an engine has the pair (Apertium's eng-spa in local mode, which .ci/run installs), and a
 * language without one says so plainly. Arabic lays out right to left on a phone.
 */

const APERTIUM_ENG_SPA = existsSync('/usr/share/apertium/modes/eng-spa.mode');

async function shareIn(owner: Page, checklistId: string, language: LanguageCode): Promise<ShareResponse> {
  const response = await owner.request.post('/api/verification/send', {
    data: {
      checklistId,
      email: 'rosa@example.com',
      recipientName: 'Rosa',
      targetLanguage: language,
      consent: true,
    },
  });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as ShareResponse;
}

/** Professional through the local test checkout (the same webhook path as a real purchase). */
async function buyProfessional(owner: Page) {
  const checkout = await owner.request.post('/api/create-subscription', { data: { tier: 'professional' } });
  expect(checkout.status(), await checkout.text()).toBe(200);
  const id = new URL((await checkout.json()).url as string, 'http://x').pathname.split('/').at(-1);
  const paid = await owner.request.post(`/api/billing/test-checkout/${id}/complete`);
  expect(paid.status(), await paid.text()).toBe(200);
  const { user } = (await (await owner.request.get('/api/auth/me')).json()) as { user: { uid: string } };
  await expect
    .poll(async () => (await (await owner.request.get(`/api/user/${user.uid}/subscription`)).json()).tier)
    .toBe('professional');
}

/** The code e-mail that carried this share link (the local outbox). */
async function codeMailOf(page: Page, shareUrl: string) {
  const outbox = (await (await page.request.get('/api/dev/outbox')).json()) as {
    messages: { subject: string; text: string }[];
  };
  return outbox.messages.find((message) => message.text.includes(shareUrl));
}

test('in Spanish: the code dialog, the verified view and a tick, with the tasks machine-translated', async ({
  page,
  browser,
  baseURL,
}) => {
  test.skip(!APERTIUM_ENG_SPA, "needs Debian's apertium-eng-spa (.ci/run installs it)");
  await signInAs(page, uniqueAccount('Ann Lee'));
  const checklist = await seedChecklist(page, 'Turnover – Harbour View 4B', [
    'Clean the bathroom',
    { description: 'Check the smoke alarm', details: 'Press the test button for three seconds.' },
  ]);
  const share = await shareIn(page, checklist.id, 'es');
  expect(share.shareUrl).toContain('lang=es');
  // The code went out in Spanish too.
  const sent = await codeMailOf(page, share.shareUrl);
  expect(sent?.subject).toContain('ha compartido');

  const recipient = await openRecipient(browser, baseURL);
  const phone = recipient.page;
  await phone.goto(linkPath(share));
  await expect(phone.locator('html')).toHaveAttribute('lang', 'es');
  const dialog = phone.getByRole('dialog', { name: 'Introduzca su código de verificación' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Código de verificación').fill(share.verificationCode ?? '');
  await dialog.getByRole('button', { name: 'Verificar' }).click();

  await expect(phone.getByRole('heading', { name: 'Acceso verificado' })).toBeVisible();
  // Apertium answers well within the page's 2 s wait; a slow machine gets 'Traduciendo…' first.
  await expect(phone.getByText('Traducción automática')).toBeVisible({ timeout: 15_000 });
  await expect(phone.getByRole('checkbox', { name: 'Clean the bathroom' })).toHaveCount(0);
  const bathroom = phone.getByRole('checkbox', { name: /baño/ });
  await expect(bathroom).toBeVisible();

  await phone.getByRole('button', { name: 'Ver original' }).click();
  await expect(phone.getByRole('checkbox', { name: 'Clean the bathroom' })).toBeVisible();
  await phone.getByRole('button', { name: 'Ver traducción' }).click();
  await expect(bathroom).toBeVisible();

  await bathroom.click();
  await expect(bathroom).toBeChecked();
  await expect(phone.getByText(/En curso/).first()).toBeVisible();
  await phone.screenshot({ path: 'test-results/screenshots/e2e-shared-es-375.png', fullPage: true });

  // The owner reads their own words, with the recipient's tick.
  await page.goto(`/checklist/${checklist.id}`);
  await expect(page.getByRole('checkbox', { name: 'Clean the bathroom' })).toBeChecked();

  // The page's language can be changed from the page: back to English, the texts as written.
  await phone.getByLabel('Idioma').selectOption('en');
  await expect(phone).toHaveURL(/lang=en/);
  await expect(phone.locator('html')).toHaveAttribute('lang', 'en');
  await expect(phone.getByRole('heading', { name: 'Verified Access' })).toBeVisible();
  await expect(phone.getByRole('checkbox', { name: 'Clean the bathroom' })).toBeChecked();
  await closeRecipient(recipient);
});

test('in Arabic: right to left on a phone, nothing cut off, and a plain note where no engine translates', async ({
  page,
  browser,
  baseURL,
}) => {
  await signInAs(page, uniqueAccount('Ann Lee'));
  await buyProfessional(page);
  const checklist = await seedChecklist(page, 'Turnover – Harbour View 4B', [
    'Clean the bathroom',
    'Empty the dishwasher and wipe the kitchen worktops, the hob and the front of the oven',
  ]);
  const share = await shareIn(page, checklist.id, 'ar');

  const recipient = await openRecipient(browser, baseURL);
  const phone = recipient.page;
  await phone.goto(linkPath(share));
  const html = phone.locator('html');
  await expect(html).toHaveAttribute('lang', 'ar');
  await expect(html).toHaveAttribute('dir', 'rtl');
  const dialog = phone.getByRole('dialog', { name: 'أدخل رمز التحقق' });
  await dialog.getByLabel('رمز التحقق').fill(share.verificationCode ?? '');
  await dialog.getByRole('button', { name: 'تحقق' }).click();

  await expect(phone.getByRole('heading', { name: 'وصول موثَّق' })).toBeVisible();
  await expect(phone.getByText('لا تتوفر ترجمة آلية لهذه اللغة: تُعرض القائمة كما كُتبت.')).toBeVisible();
  const bathroom = phone.getByRole('checkbox', { name: 'Clean the bathroom' });
  await bathroom.click();
  await expect(bathroom).toBeChecked();

  // Right to left: each task's box sits at the right of its text; nothing runs off the screen.
  const box = await bathroom.boundingBox();
  const text = await phone.getByText('Clean the bathroom', { exact: true }).boundingBox();
  expect(box && text && box.x > text.x).toBe(true);
  const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  for (const item of await phone.getByRole('listitem').all()) {
    const bounds = await item.boundingBox();
    if (!bounds) continue;
    expect(bounds.x).toBeGreaterThanOrEqual(0);
    expect(bounds.x + bounds.width).toBeLessThanOrEqual(375);
  }
  await phone.screenshot({ path: 'test-results/screenshots/e2e-shared-ar-375.png', fullPage: true });
  await closeRecipient(recipient);
});

test('in Vietnamese, one of the five added languages: every fixed string in it, then Ukrainian from the page', async ({
  page,
  browser,
  baseURL,
}) => {
  await signInAs(page, uniqueAccount('Ann Lee'));
  await buyProfessional(page);
  const checklist = await seedChecklist(page, 'Turnover – Harbour View 4B', ['Clean the bathroom']);
  const share = await shareIn(page, checklist.id, 'vi');
  expect(share.shareUrl).toContain('lang=vi');
  const sent = await codeMailOf(page, share.shareUrl);
  expect(sent?.subject).toContain('đã chia sẻ danh sách “Turnover – Harbour View 4B” với bạn');

  const recipient = await openRecipient(browser, baseURL);
  const phone = recipient.page;
  await phone.goto(linkPath(share));
  await expect(phone.locator('html')).toHaveAttribute('lang', 'vi');
  await expect(phone.locator('html')).not.toHaveAttribute('dir', 'rtl');
  const dialog = phone.getByRole('dialog', { name: 'Nhập mã xác minh của bạn' });
  await expect(dialog.getByText('Mã 6 chữ số có hiệu lực trong 10 phút.')).toBeVisible();
  await dialog.getByLabel('Mã xác minh').fill(share.verificationCode ?? '');
  await dialog.getByRole('button', { name: 'Xác minh' }).click();

  await expect(phone.getByRole('heading', { name: 'Đã xác minh quyền truy cập' })).toBeVisible();
  // No engine in local mode has English -> Vietnamese (Apertium has no such pair): said plainly.
  await expect(
    phone.getByText('Chưa có bản dịch tự động cho ngôn ngữ này: danh sách được hiển thị nguyên bản.'),
  ).toBeVisible();
  await expect(phone.getByText('Chưa bắt đầu')).toBeVisible();
  await expect(phone.getByRole('button', { name: 'Gửi danh sách đã hoàn thành' })).toBeVisible();
  const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);

  // The switcher names each language in itself, the five added ones included.
  const switcher = phone.getByLabel('Ngôn ngữ');
  await expect(switcher.locator('option')).toHaveText([
    ...['English', 'Español', 'Français', 'Deutsch', 'Português', '中文', 'Русский', '日本語', 'العربية'],
    ...['हिन्दी', 'Tiếng Việt', 'Filipino', 'Polski', 'Українська', 'Română'],
  ]);
  await switcher.selectOption('uk');
  await expect(phone).toHaveURL(/lang=uk/);
  await expect(phone.locator('html')).toHaveAttribute('lang', 'uk');
  await expect(phone.getByRole('heading', { name: 'Доступ підтверджено' })).toBeVisible();
  await expect(phone.getByRole('checkbox', { name: 'Clean the bathroom' })).toBeVisible();
  await closeRecipient(recipient);
});

import type { Page } from '@playwright/test';
import type { TeamResponse } from '#domain/teams';
import { seedChecklist } from './checklists.ts';
import { expect, signInAs, test } from './fixtures.ts';
import { choosePhoto, ownerTicksPhotoTask, scenePhoto, uploadPhoto } from './photos.ts';
import { closeRecipient, enterCode, linkPath, openRecipient, shareByEmail } from './recipient.ts';

/**
 * Storage quotas in the browser (docs/storage.md): the meter on the Team page and the plan card counts
 * a real upload; at 80% and full it says so; a refused upload tells the owner their storage is full
 * with a way to upgrade, and a recipient that the owner's storage is full. A full team cannot be made
 * here (the server's database is the server's, and 1 GiB of photos is too many): the figures past 80%
 * and the 403 are answered at the network edge in the server's own shapes, which tests/api/storage.test.ts
 * pins against the real server. STORAGE_SHOTS=<dir> saves screenshots at 1280 and 375 px.
 */

const GIB = 1024 ** 3;
const FULL_ANSWER = {
  error: {
    code: 'storage_quota_exceeded',
    message: "The owner's storage is full, so this photo can't be saved. We told the owner.",
    usedBytes: GIB - 1000,
    limitBytes: GIB,
  },
};
const isPhotoUpload = (url: URL) => /^\/api\/checklists\/[^/]+\/tasks\/[^/]+\/photo$/.test(url.pathname);
const REFUSED = [/status of 403/];

async function shoot(page: Page, name: string) {
  const dir = process.env.STORAGE_SHOTS;
  if (!dir) return;
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 740 : 900 });
    await page.waitForTimeout(150);
    await page.screenshot({ path: `${dir}/${name}-${width}.png`, fullPage: width === 375 });
  }
}

async function refuseUploads(page: Page) {
  await page.route(
    (url) => isPhotoUpload(url),
    (route) =>
      route.fulfill({ status: 403, contentType: 'application/json', body: JSON.stringify(FULL_ANSWER) }),
  );
}

test.describe('the storage meter', () => {
  test.use({ allowConsoleErrors: REFUSED });
  test.describe.configure({ timeout: 90_000 });

  test('counts a real upload on the Team page and the plan card; at 80% and full it says so', async ({
    page,
  }) => {
    const { dialog } = await ownerTicksPhotoTask(page, 'Move-in inspection', 'Photograph the kitchen');
    await uploadPhoto(page, dialog, await scenePhoto('Kitchen'));

    await page.goto('/settings/team');
    const meter = page.getByTestId('team-storage');
    await expect(meter).toHaveAttribute('data-level', 'ok');
    // The display copy and the thumbnail of one photo: some hundreds of kilobytes, never '0 MB'.
    await expect(page.getByTestId('team-storage-value')).toHaveText(/^\d+(\.\d)? (KB|MB) of 1 GB$/);
    await expect(page.getByTestId('team-storage-value')).not.toHaveText('0 MB of 1 GB');

    await page.goto('/dashboard');
    await expect(page.getByTestId('plan-storage')).toHaveAttribute('data-level', 'ok');
    await expect(page.getByTestId('plan-storage-value')).toHaveText(/^\d+(\.\d)? (KB|MB) of 1 GB$/);
    await shoot(page, 'plan-card-meter');
    // The pricing page's current plan card measures its storage line too.
    await page.goto('/pricing');
    await expect(page.getByTestId('pricing-storage-value')).toHaveText(/^\d+(\.\d)? (KB|MB) of 1 GB$/);
    await shoot(page, 'pricing-current-plan-meter');

    // The same page with the figure at 85%, then full, as GET /api/team would answer.
    const answerWith = async (usedBytes: number) => {
      await page.unroute('**/api/team');
      await page.route('**/api/team', async (route) => {
        const real = (await (await route.fetch()).json()) as TeamResponse;
        await route.fulfill({
          json: { ...real, team: { ...real.team, storage: { usedBytes, limitBytes: GIB } } },
        });
      });
      await page.goto('/settings/team');
    };
    await answerWith(Math.round(GIB * 0.85));
    await expect(meter).toHaveAttribute('data-level', 'warning');
    await expect(page.getByTestId('team-storage-notice')).toContainText('85% of your storage is used.');
    await expect(page.getByTestId('team-storage-notice').getByRole('link')).toHaveAttribute(
      'href',
      '/pricing',
    );
    await shoot(page, 'settings-meter-warning');

    await answerWith(GIB);
    await expect(meter).toHaveAttribute('data-level', 'full');
    await expect(page.getByTestId('team-storage-notice')).toContainText('Your storage is full.');
    await shoot(page, 'settings-meter-full');
  });

  test("the owner's upload refused for a full storage: the dialog says so and links to the plans", async ({
    page,
  }) => {
    const { dialog } = await ownerTicksPhotoTask(page, 'Move-out', 'Photograph the hallway');
    await refuseUploads(page);
    await choosePhoto(page, dialog, await scenePhoto('Hallway'));
    await dialog.getByRole('button', { name: 'Upload Photo' }).click();
    const alert = dialog.getByRole('alert');
    await expect(alert).toContainText(
      "Your team's storage is full. Delete photos you no longer need, or upgrade for more room.",
    );
    await expect(alert).toContainText('The photo was not saved and the task stays unticked.');
    await expect(alert.getByRole('link', { name: 'See plans with more storage' })).toHaveAttribute(
      'href',
      '/pricing',
    );
    await shoot(page, 'owner-refused-upload');
  });
});

test('a recipient at a full quota is told the owner’s storage is full, and that the owner was told', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  await signInAs(page);
  const checklist = await seedChecklist(page, 'Turnover – Harbour View 4B', [
    { description: 'Photograph the bathroom', photoRequired: true },
  ]);
  const share = await shareByEmail(page, checklist.id, 'jane.doe@example.com');
  const recipient = await openRecipient(browser, baseURL, REFUSED);
  const phone = recipient.page;
  await refuseUploads(phone);
  await phone.goto(linkPath(share));
  await enterCode(phone, share.verificationCode ?? '');
  await expect(phone.getByTestId('verified-access')).toBeVisible();

  const box = phone.getByRole('checkbox', { name: 'Photograph the bathroom' });
  await box.click();
  const dialog = phone.getByRole('dialog', { name: 'Photo required' });
  await choosePhoto(phone, dialog, await scenePhoto('Bathroom'));
  await dialog.getByRole('button', { name: 'Upload Photo' }).click();
  const alert = dialog.getByRole('alert');
  await expect(alert).toContainText(
    "The owner's storage is full, so this photo can't be saved. We told the owner.",
  );
  // Nothing about plans for someone who has none.
  await expect(alert.getByRole('link')).toHaveCount(0);
  await shoot(phone, 'recipient-storage-full');
  await closeRecipient(recipient);
});

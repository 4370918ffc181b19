// The page part of `npm run bench:scale` (BENCH_PAGE=1): opens /dashboard signed in, in Chromium (the
// machine's, with scripts/chromium-args.mjs) at a phone's width, and prints when the first row and the
// 'Show more checklists' button showed (from navigation start), then the time of one 'Show more'.
// BENCH_SCREENSHOTS=<dir>: the first run's page after one 'Show more', at 375 and 1280 px wide.
import { chromium } from '@playwright/test';

export async function timePage(base, cookie, args) {
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args });
  try {
    const context = await browser.newContext({ viewport: { width: 375, height: 800 } });
    const [name, value] = cookie.split('=');
    await context.addCookies([{ name, value, url: base }]);
    const page = await context.newPage();
    for (const run of [1, 2, 3]) {
      const started = Date.now();
      await page.goto(`${base}/dashboard`);
      await page.getByRole('list', { name: 'Checklists' }).getByRole('link').first().waitFor();
      const firstRow = Date.now() - started;
      const more = page.getByRole('button', { name: 'Show more checklists' });
      await more.waitFor();
      const usable = Date.now() - started;
      const clicked = Date.now();
      await more.click();
      await page.getByRole('list', { name: 'Checklists' }).getByRole('link').nth(50).waitFor();
      if (run === 1 && process.env.BENCH_SCREENSHOTS) {
        for (const width of [375, 1280]) {
          await page.setViewportSize({ width, height: 900 });
          await more.scrollIntoViewIfNeeded();
          await page.screenshot({ path: `${process.env.BENCH_SCREENSHOTS}/dashboard-${width}.png` });
        }
        await page.setViewportSize({ width: 375, height: 800 });
      }
      console.info(
        `dashboard, run ${run}: first row ${firstRow} ms, Show more ${usable} ms after navigation; ` +
          `next 50 rows in ${Date.now() - clicked} ms (load ${(await import('node:os')).loadavg()[0].toFixed(1)})`,
      );
    }
  } finally {
    await browser.close();
  }
}

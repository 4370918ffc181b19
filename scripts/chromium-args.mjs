// How Debian's Chromium is started here by everything that drives it (no sandbox, no updates):
// the browser tests (playwright.config.ts), the benchmarks (bench-support.mjs) and the screenshots.
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

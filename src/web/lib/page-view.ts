/**
 * The page-view tracker's own entry point, loaded after the first render (components/page-views.tsx).
 * Importing lib/analytics.ts there directly made the bundler move its runtime helpers out of the main
 * chunk into one more file every page loads first (+0.3 KiB on the shared page); through this module
 * the main chunk only names one more lazy file.
 */
export { trackPageView } from './analytics.ts';

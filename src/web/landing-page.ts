import { start } from './landing-page-script.ts';

/**
 * The landing page's only script (decision 0067): a Vite input of its own, without React, which the
 * server writes into the prerendered landing page instead of the app's entry
 * (src/server/http/pages/page-scripts.ts landingScripts). What it does: landing-page-script.ts.
 */
start();

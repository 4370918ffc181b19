import type { BillingMode } from './billing.ts';

/** Product-wide constants the spec fixes (section 1; docs/product.md). */
export const DEFAULT_SITE_NAME = 'ListSync';

/** Set by the browser when the visitor closes the development banner; read by the server to pick the page. */
export const DEV_BANNER_COOKIE = 'listsync_banner';
export const DEV_BANNER_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
export const THEME_COLOR = '#4f46e5';
export const SIGN_IN_POPUP = { width: 500, height: 600 } as const;

export function pageTitle(siteName: string): string {
  return `${siteName} - Real-time Checklists with Photo Proof`;
}

/** The settings the browser may see; everything else in the server config stays on the server. */
export interface PublicConfig {
  siteName: string;
  /** True when any local fallback is in use (local sign-in, embedded database, outbox...). */
  localMode: boolean;
  /** Names of the services running on a local fallback, for the badge's tooltip. */
  localServices: string[];
  /** How plans are sold: Stripe Checkout, the local test checkout, or not by card ('Contact us'). */
  billing: BillingMode;
  /**
   * The test checkout is open to anyone (BILLING_TEST_CHECKOUT=enabled, a test deployment): every page
   * says that payments are simulated (decision 0044).
   */
  simulatedPayments: boolean;
  /**
   * Whether a translation engine is configured. Without one (TRANSLATION_PROVIDER=none) recipients'
   * pages still show their fixed words in every language, but the owner's texts stay as written: the
   * cards and the share dialog stop selling translation (decision 0056).
   */
  translation: boolean;
  supportEmail: string;
  smsSenderNumber: string;
  companyTradeName: string;
  companyLegalName: string;
}

/** The id of the non-executable JSON block the server writes into index.html. */
export const PUBLIC_CONFIG_ELEMENT_ID = 'listsync-config';

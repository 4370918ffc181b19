import { DEV_BANNER_COOKIE, DEV_BANNER_COOKIE_MAX_AGE_SECONDS } from '#domain/site';

/**
 * Whether the visitor closed the development banner (development-banner.tsx). Remembered in a cookie,
 * not in storage: the server sends a landing page drawn without the banner when it sees the cookie
 * (src/server/http/pages/prerendered-pages.ts), so it never shows for a moment.
 */

/** Where an earlier version remembered the dismissal (read once, then carried over to the cookie). */
const OLD_DISMISSED_KEY = 'listsync:dev-banner-dismissed';
const DISMISSED = `${DEV_BANNER_COOKIE}=dismissed`;

let prerenderDismissed = false;

/** Prerendering only: whether the page being drawn is the one for a visitor who closed the banner. */
export function setDevelopmentBannerDismissed(dismissed: boolean): void {
  prerenderDismissed = dismissed;
}

export function readDismissed(): boolean {
  if (typeof document === 'undefined') return prerenderDismissed;
  if (document.cookie.split('; ').includes(DISMISSED)) return true;
  try {
    // Storage can throw (disabled cookies, some private modes); the banner then simply is not remembered.
    if (window.localStorage.getItem(OLD_DISMISSED_KEY) !== '1') return false;
    window.localStorage.removeItem(OLD_DISMISSED_KEY);
  } catch {
    return false;
  }
  rememberDismissed();
  return true;
}

export function rememberDismissed(): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing in Firefox and older Safari; one fixed value, nothing to escape
  document.cookie = `${DISMISSED}; Max-Age=${DEV_BANNER_COOKIE_MAX_AGE_SECONDS}; Path=/; SameSite=Lax${
    window.location.protocol === 'https:' ? '; Secure' : ''
  }`;
}

import { DEFAULT_SITE_NAME, PUBLIC_CONFIG_ELEMENT_ID, type PublicConfig } from '#domain/site';

const FALLBACK: PublicConfig = {
  siteName: DEFAULT_SITE_NAME,
  localMode: false,
  localServices: [],
  billing: 'off',
  simulatedPayments: false,
  translation: true,
  supportEmail: '',
  smsSenderNumber: '',
  companyTradeName: '',
  companyLegalName: '',
};

let cached: PublicConfig | undefined;

/** The settings the server wrote into index.html (a JSON block, not code). */
export function getPublicConfig(): PublicConfig {
  if (cached) return cached;
  const element = typeof document === 'undefined' ? null : document.getElementById(PUBLIC_CONFIG_ELEMENT_ID);
  try {
    cached = element?.textContent
      ? { ...FALLBACK, ...(JSON.parse(element.textContent) as PublicConfig) }
      : FALLBACK;
  } catch {
    cached = FALLBACK;
  }
  return cached;
}

/** Prerendering only (no document): the settings the server will write into the page. */
export function setPublicConfig(config: PublicConfig): void {
  cached = { ...FALLBACK, ...config };
}

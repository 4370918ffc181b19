/**
 * What keeps analytics free of personal data, without zod (the browser's tracker imports it, and
 * stays small): paths reduced to their route, another site's referrer to its origin, and prop values
 * that look like an e-mail, a phone number, a code, a token, an id or free text (a name) dropped.
 */

export type AnalyticsProps = Record<string, string | number | boolean>;

/** A page's route, as stored and sent (a longer path is cut). */
export const ROUTE_MAX_LENGTH = 100;

/** Routes whose next part names a secret or an id: the path keeps the route, never the value. */
const ROUTE_PATTERNS: [RegExp, string][] = [
  [/^\/shared\/checklist\/[^/]+/, '/shared/checklist/:token'],
  [/^\/shared\/[^/]+/, '/shared/:token'],
  [/^\/checklist\/[^/]+/, '/checklist/:id'],
  [/^\/billing\/test-checkout\/[^/]+/, '/billing/test-checkout/:id'],
];

/** '/shared/abc?lang=fr#x' → '/shared/:token'. Query strings (codes, session ids) and fragments never leave. */
export function scrubPath(path: string): string {
  const bare = path.split(/[?#]/, 1)[0] || '/';
  const clean = bare.startsWith('/') ? bare : `/${bare}`;
  for (const [pattern, route] of ROUTE_PATTERNS) {
    if (pattern.test(clean)) return route;
  }
  return clean.slice(0, ROUTE_MAX_LENGTH);
}

/**
 * Where a visitor came from, as the analytics service wants it: the other site's origin, never its
 * path or query (which may name a person or carry a token); nothing when it is our own site.
 */
export function referrerOrigin(referrer: string | undefined, ownOrigin: string): string | undefined {
  if (!referrer) return undefined;
  try {
    const { origin, protocol } = new URL(referrer);
    return origin !== ownOrigin && /^https?:$/.test(protocol) ? origin : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A prop value is a word from a short list (a tier, a channel, a language, a source), never free text:
 * spaces mean a name or a checklist's name. The rest catches what a word could still carry.
 */
const PERSONAL: RegExp[] = [
  /\s/, // free text: a person's or a checklist's name
  /@/, // an e-mail address
  /^\+?[\d().-]{7,}$/, // a phone number
  /^\d{6}$/, // a verification code
];

/** A long run of token characters that is not just words joined by _ or - (a token, a session or an id). */
function looksLikeToken(value: string): boolean {
  for (const [run] of value.matchAll(/[A-Za-z0-9_-]{16,}/g)) {
    if (!/^[A-Za-z][a-z]*(?:[_-][A-Za-z][a-z]*)*$/.test(run)) return true;
  }
  return false;
}

/** A number that could be a code or a phone number: six digits or more. */
const LONG_NUMBER = 100_000;

export function isPersonalValue(value: string | number | boolean): boolean {
  if (typeof value === 'boolean') return false;
  if (typeof value === 'number') return Math.abs(value) >= LONG_NUMBER;
  return PERSONAL.some((pattern) => pattern.test(value)) || looksLikeToken(value);
}

/** The props with every value that could name or reach a person (or unlock something) left out. */
export function scrubProps(props: AnalyticsProps): AnalyticsProps {
  const kept: AnalyticsProps = {};
  for (const [key, value] of Object.entries(props)) {
    if (!isPersonalValue(value)) kept[key] = value;
  }
  return kept;
}

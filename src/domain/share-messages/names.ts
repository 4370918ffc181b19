/**
 * How names typed by users (owner, checklist, recipient) and the operator's site name are shown in the
 * code messages: one plain line, capped, escaped for HTML, and isolated in right-to-left text.
 */

/** Names shown in the subject and text are cut here; the checklist page shows them whole. */
export const NAME_DISPLAY_MAX = 80;

/**
 * A user-typed name as one line of plain text: control, format (bidi override, zero-width, isolate)
 * and line-breaking characters go, so a name cannot fake a line such as a code of its own.
 */
export function plainLine(value: string, max = NAME_DISPLAY_MAX): string {
  const line = value
    .normalize('NFC')
    .replace(/[\s\p{Cc}]+/gu, ' ')
    .replace(/\p{C}/gu, '')
    .trim();
  return shortened(line, max, '…', 0);
}

/**
 * `text` cut to at most `max` characters (code points) ending in `ellipsis`, or '' when fewer than
 * `least` of its own characters would be left.
 */
export function shortened(text: string, max: number, ellipsis: string, least = 6): string {
  const characters = [...text];
  if (characters.length <= max) return text;
  const kept = max - [...ellipsis].length;
  if (kept < least) return '';
  return `${characters.slice(0, kept).join('').trimEnd()}${ellipsis}`;
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function html(value: string): string {
  return value.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character] ?? character);
}

/**
 * A name inside right-to-left text, between FIRST STRONG ISOLATE and POP DIRECTIONAL ISOLATE: it keeps
 * its own direction and cannot pull the punctuation or digits beside it into its run ('Anna (HQ)'
 * would otherwise show its parenthesis on the wrong side). plainLine removed any isolate of its own.
 */
export function isolated(name: string): string {
  return `\u2068${name}\u2069`;
}

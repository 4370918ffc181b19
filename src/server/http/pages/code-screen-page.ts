import type { LanguageCode } from '#domain/languages';

export type { DrawnCodeScreen };

import type { DrawnCodeScreen } from '#domain/code-screen';

/**
 * The recipient's code screen drawn for one answer to a post of its form (decision 0061): its
 * prerendered page in the link's language, cut around #root, and the screen the prerender draws with
 * what was typed and the answer (src/web/prerender.tsx renderCodeScreen; what it is given:
 * domain/code-screen.ts DrawnCodeScreen).
 */

/** Draws the screen; throws when it cannot. */
export type RenderCodeScreen = (input: {
  path: string;
  search: string;
  language: LanguageCode;
  state: DrawnCodeScreen;
}) => { html: string; title: string | null };

/** A code screen's page around its #root: up to and with the root's tag, and from its `</div>` on. */
export interface CodePageTemplate {
  head: string;
  rest: string;
}

const CUT = '\u0000root\u0000';

/** The template of a code screen's page, from its HTML drawn with a mark in #root (prerendered-pages.ts pageHtml). */
export function codePageTemplate(markedHtml: string): CodePageTemplate {
  const [head = '', rest = ''] = markedHtml.split(CUT);
  return { head, rest };
}

/** What pageHtml is given in #root to cut a template at. */
export const CODE_PAGE_CUT = CUT;

/** The page with the screen drawn for this answer (the title is the screen's own, unchanged). */
export function codePageHtml(template: CodePageTemplate, drawnRoot: string): string {
  return template.head + drawnRoot + template.rest;
}

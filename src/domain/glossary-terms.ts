/**
 * Finding a team's glossary terms in a text (docs/translation.md "Team glossary"): whole words,
 * case-insensitively, the longest term first where terms overlap, any run of spaces matching a space.
 * Scripts written without spaces between words (Chinese, Japanese, Thai…) match anywhere on their
 * side. Pure: the server keys its cache with it and engines apply it; nothing here knows an engine.
 */

export interface GlossaryTerm {
  source: string;
  target: string;
}

export interface TermMatch {
  index: number;
  /** The text as written where the term matched ('Turnover'). */
  found: string;
  term: GlossaryTerm;
}

export interface CompiledGlossary {
  readonly terms: readonly GlossaryTerm[];
  /** Every term at once, longest first; null without terms. */
  readonly pattern: RegExp | null;
}

const WORD = /[\p{L}\p{M}\p{N}_]/u;
const UNSPACED =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;

/** Compares terms as the database's unique index does (lower-cased, single spaces). */
export function termKey(source: string): string {
  return source.replace(/\s+/gu, ' ').trim().toLowerCase();
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');
}

/** A whole-word pattern for one term: a boundary on each side that is a word character of a spaced script. */
function termPattern(source: string): string {
  const body = source.trim().split(/\s+/u).map(escapeRegExp).join('\\s+');
  const first = source.trim().charAt(0);
  const last = source.trim().slice(-1);
  const before = WORD.test(first) && !UNSPACED.test(first) ? '(?<![\\p{L}\\p{M}\\p{N}_])' : '';
  const after = WORD.test(last) && !UNSPACED.test(last) ? '(?![\\p{L}\\p{M}\\p{N}_])' : '';
  return `${before}${body}${after}`;
}

export function compileGlossary(terms: readonly GlossaryTerm[]): CompiledGlossary {
  const usable = terms.filter((term) => term.source.trim() !== '');
  if (usable.length === 0) return { terms: [], pattern: null };
  const longestFirst = [...usable].sort(
    (a, b) => b.source.length - a.source.length || termKey(a.source).localeCompare(termKey(b.source)),
  );
  return {
    terms: longestFirst,
    pattern: new RegExp(longestFirst.map((term) => termPattern(term.source)).join('|'), 'giu'),
  };
}

/** The terms in the text, left to right, never overlapping (the longest wins where two start together). */
export function findTerms(text: string, glossary: CompiledGlossary): TermMatch[] {
  if (!glossary.pattern) return [];
  const byKey = new Map(glossary.terms.map((term) => [termKey(term.source), term]));
  const matches: TermMatch[] = [];
  for (const match of text.matchAll(glossary.pattern)) {
    const found = match[0];
    const term =
      byKey.get(termKey(found)) ??
      glossary.terms.find((candidate) => new RegExp(`^${termPattern(candidate.source)}$`, 'iu').test(found));
    if (term) matches.push({ index: match.index ?? 0, found, term });
  }
  return matches;
}

/** The terms a text uses, each once, in a stable order: what its translation depends on. */
export function termsUsed(text: string, glossary: CompiledGlossary): GlossaryTerm[] {
  const used = new Map<string, GlossaryTerm>();
  for (const { term } of findTerms(text, glossary)) used.set(termKey(term.source), term);
  return [...used.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, term]) => term);
}

/**
 * The target as it stands where the source was found: a term the team wrote in lower case, found
 * with a capital ('Turnover' at the start of a task), gives its target a capital too.
 */
export function targetAsFound(match: Pick<TermMatch, 'found' | 'term'>): string {
  const { found, term } = match;
  const foundFirst = found.charAt(0);
  const termFirst = term.source.trim().charAt(0);
  const capitalised =
    foundFirst !== foundFirst.toLowerCase() &&
    termFirst === termFirst.toLowerCase() &&
    termFirst !== termFirst.toUpperCase();
  if (!capitalised) return term.target;
  return term.target.charAt(0).toUpperCase() + term.target.slice(1);
}

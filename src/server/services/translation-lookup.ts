import { createHash } from 'node:crypto';
import { compileGlossary, type GlossaryTerm, termKey, termsUsed } from '#domain/glossary-terms';
import type { EngineGlossary } from '../adapters/translation/glossary.ts';
import type { Database } from '../db/client.ts';
import { glossaryTermsFor } from '../repositories/glossary.ts';
import {
  cachedTranslations,
  cachedWithCorrections,
  type TranslationScope,
} from '../repositories/translations.ts';

/**
 * What the translation service (services/translation.ts) knows before asking the engine: each text's
 * cache key, with the team's glossary in it where its terms touch the text (decision 0055), and what
 * the team's cache and corrections already hold under those keys.
 */

/** sha256 hex of the text: the cache key (with engine and pair). */
export function textHash(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

/**
 * The cache key of a text the team's glossary touches (decision 0055): its text with the terms it
 * uses, so a glossary change retranslates exactly the texts whose terms changed. A text no term
 * matches keeps `textHash(text)`.
 */
export function glossaryKey(text: string, used: readonly GlossaryTerm[]): string {
  if (used.length === 0) return textHash(text);
  const terms = used.map((term) => [termKey(term.source), term.target]);
  return createHash('sha256')
    .update(JSON.stringify(['glossary', text, terms]))
    .digest('hex');
}

/** What a request knows before asking the engine: each text's key, what is kept, the team's terms. */
export interface Lookup {
  /** text -> cache key. */
  keys: Map<string, string>;
  /** key -> translation (the team's correction of the text where it has one). */
  known: Map<string, string>;
  glossary: EngineGlossary | null;
}

/**
 * The team's terms for the target language and its cache of the texts as written (with its
 * corrections), read at once; then, only when terms touch some texts, the cache of those under their
 * glossary keys. A text without terms costs what it did before the glossary (one read in parallel).
 */
export async function lookupTranslations(
  db: Database,
  engine: string,
  wanted: string[],
  scope: TranslationScope,
): Promise<Lookup> {
  const plain = new Map(wanted.map((text) => [text, textHash(text)]));
  const [terms, read] = await Promise.all([
    glossaryTermsFor(db, scope.teamId, scope.target),
    cachedWithCorrections(db, engine, scope, [...plain.values()]),
  ]);
  const compiled = compileGlossary(terms);
  const keys = new Map<string, string>();
  const touched: string[] = [];
  for (const text of wanted) {
    const used = termsUsed(text, compiled);
    const key = glossaryKey(text, used);
    keys.set(text, key);
    if (used.length > 0 && !read.corrected.has(plain.get(text) ?? '')) touched.push(key);
  }
  const known = new Map(read.cached);
  if (touched.length > 0) {
    for (const [key, text] of await cachedTranslations(db, engine, scope, touched)) {
      known.set(key, text);
    }
  }
  for (const text of wanted) {
    const correction = read.corrected.get(plain.get(text) ?? '');
    if (correction !== undefined) known.set(keys.get(text) ?? '', correction);
  }
  const glossary = terms.length > 0 ? { owner: scope.teamId, terms } : null;
  return { keys, known, glossary };
}

import { and, eq, inArray } from 'drizzle-orm';
import type { LanguageCode } from '#domain/languages';
import type { Database } from '../db/client.ts';
import { translations } from '../db/schema/index.ts';

/**
 * Machine translations kept per team, engine and pair, by the SHA-256 of the text (docs/decisions/0009
 * and 0044): every query names the team, so no team reads, or learns of, another team's rows.
 */

export interface TranslationPair {
  source: LanguageCode;
  target: LanguageCode;
}

/** Whose texts and which pair: the team's own cache of that pair. */
export interface TranslationScope extends TranslationPair {
  teamId: string;
}

function inScope(provider: string, scope: TranslationScope) {
  return and(
    eq(translations.teamId, scope.teamId),
    eq(translations.provider, provider),
    eq(translations.sourceLang, scope.source),
    eq(translations.targetLang, scope.target),
  );
}

/** The team's kept translations of these texts (by hash): one query for every string of a request. */
export async function cachedTranslations(
  db: Database,
  provider: string,
  scope: TranslationScope,
  hashes: string[],
): Promise<Map<string, string>> {
  const rows = await db
    .select({ hash: translations.textHash, text: translations.translatedText })
    .from(translations)
    .where(and(inScope(provider, scope), inArray(translations.textHash, hashes)));
  return new Map(rows.map((row) => [row.hash, row.text]));
}

/** Keeps translations that landed for the team (one already kept stays as it is). */
export async function keepTranslations(
  db: Database,
  provider: string,
  scope: TranslationScope,
  rows: Array<{ hash: string; text: string }>,
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(translations)
    .values(
      rows.map((row) => ({
        teamId: scope.teamId,
        provider,
        sourceLang: scope.source,
        targetLang: scope.target,
        textHash: row.hash,
        translatedText: row.text,
      })),
    )
    .onConflictDoNothing();
}

import { and, eq, inArray } from 'drizzle-orm';
import type { LanguageCode } from '#domain/languages';
import type { Database } from '../db/client.ts';
import { translations } from '../db/schema/index.ts';

/** Machine translations kept per engine and pair, by the SHA-256 of the text (docs/decisions/0009). */

export interface TranslationPair {
  source: LanguageCode;
  target: LanguageCode;
}

/** The kept translations of these texts (by hash): one query for every string of a request. */
export async function cachedTranslations(
  db: Database,
  provider: string,
  pair: TranslationPair,
  hashes: string[],
): Promise<Map<string, string>> {
  const rows = await db
    .select({ hash: translations.textHash, text: translations.translatedText })
    .from(translations)
    .where(
      and(
        eq(translations.provider, provider),
        eq(translations.sourceLang, pair.source),
        eq(translations.targetLang, pair.target),
        inArray(translations.textHash, hashes),
      ),
    );
  return new Map(rows.map((row) => [row.hash, row.text]));
}

/** Keeps translations that landed (one already kept stays as it is). */
export async function keepTranslations(
  db: Database,
  provider: string,
  pair: TranslationPair,
  rows: Array<{ hash: string; text: string }>,
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insert(translations)
    .values(
      rows.map((row) => ({
        provider,
        sourceLang: pair.source,
        targetLang: pair.target,
        textHash: row.hash,
        translatedText: row.text,
      })),
    )
    .onConflictDoNothing();
}

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

/**
 * The provider name of the team's own corrections (decision 0055): a row the owner wrote for one
 * exact text, kept beside the engines' rows under the text's own hash, whatever the engine and the
 * glossary. No engine has this name.
 */
export const CORRECTION_PROVIDER = 'owner';

/**
 * The team's kept translations of these texts (by key) from the engine, and the team's corrections
 * (by the text's own hash): one query for both.
 */
export async function cachedWithCorrections(
  db: Database,
  provider: string,
  scope: TranslationScope,
  hashes: string[],
): Promise<{ cached: Map<string, string>; corrected: Map<string, string> }> {
  const rows = await db
    .select({
      provider: translations.provider,
      hash: translations.textHash,
      text: translations.translatedText,
    })
    .from(translations)
    .where(
      and(
        eq(translations.teamId, scope.teamId),
        inArray(translations.provider, [provider, CORRECTION_PROVIDER]),
        eq(translations.sourceLang, scope.source),
        eq(translations.targetLang, scope.target),
        inArray(translations.textHash, hashes),
      ),
    );
  const cached = new Map<string, string>();
  const corrected = new Map<string, string>();
  for (const row of rows) (row.provider === CORRECTION_PROVIDER ? corrected : cached).set(row.hash, row.text);
  return { cached, corrected };
}

/** Keeps (or replaces) the team's correction of one text. */
export async function keepCorrection(
  db: Database,
  scope: TranslationScope,
  hash: string,
  text: string,
): Promise<void> {
  await db
    .insert(translations)
    .values({
      teamId: scope.teamId,
      provider: CORRECTION_PROVIDER,
      sourceLang: scope.source,
      targetLang: scope.target,
      textHash: hash,
      translatedText: text,
    })
    .onConflictDoUpdate({
      target: [
        translations.teamId,
        translations.provider,
        translations.sourceLang,
        translations.targetLang,
        translations.textHash,
      ],
      set: { translatedText: text, createdAt: new Date() },
    });
}

/** Removes the team's correction of one text (the engine's translation shows again); false if none. */
export async function dropCorrection(db: Database, scope: TranslationScope, hash: string): Promise<boolean> {
  const removed = await db
    .delete(translations)
    .where(and(inScope(CORRECTION_PROVIDER, scope), eq(translations.textHash, hash)))
    .returning({ hash: translations.textHash });
  return removed.length > 0;
}

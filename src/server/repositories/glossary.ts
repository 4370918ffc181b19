import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { GlossaryTerm } from '#domain/glossary-terms';
import type { Database } from '../db/client.ts';
import { glossaryEntries } from '../db/schema/index.ts';

/**
 * A team's glossary (migration 0031's `glossary_entries`): every statement names the team, so
 * another team's entry reads as absent.
 */

export type GlossaryRow = typeof glossaryEntries.$inferSelect;

export async function listGlossary(db: Database, teamId: string): Promise<GlossaryRow[]> {
  return db
    .select()
    .from(glossaryEntries)
    .where(eq(glossaryEntries.teamId, teamId))
    .orderBy(
      asc(glossaryEntries.language),
      asc(sql`lower(${glossaryEntries.source})`),
      asc(glossaryEntries.id),
    );
}

/** The terms the team translates into this language: what every engine applies (one indexed read). */
export async function glossaryTermsFor(
  db: Database,
  teamId: string,
  language: string,
): Promise<GlossaryTerm[]> {
  return db
    .select({ source: glossaryEntries.source, target: glossaryEntries.target })
    .from(glossaryEntries)
    .where(and(eq(glossaryEntries.teamId, teamId), eq(glossaryEntries.language, language)));
}

export async function countGlossary(db: Database, teamId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(glossaryEntries)
    .where(eq(glossaryEntries.teamId, teamId));
  return row?.n ?? 0;
}

/** Inserts the entry; undefined when the team already has that term for the language (any case). */
export async function insertGlossaryEntry(
  db: Database,
  row: Omit<GlossaryRow, 'createdAt'>,
): Promise<GlossaryRow | undefined> {
  const [inserted] = await db.insert(glossaryEntries).values(row).onConflictDoNothing().returning();
  return inserted;
}

export async function deleteGlossaryEntry(db: Database, teamId: string, id: string): Promise<boolean> {
  const removed = await db
    .delete(glossaryEntries)
    .where(and(eq(glossaryEntries.teamId, teamId), eq(glossaryEntries.id, id)))
    .returning({ id: glossaryEntries.id });
  return removed.length > 0;
}

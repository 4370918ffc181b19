import { rm } from 'node:fs/promises';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cachedTranslations, keepTranslations } from '#server/repositories/translations';
import { createTestDatabase, type TestDatabase } from '#tests/support/database';
import { migrateFrom, migrationsUpTo } from '#tests/support/migrations';

/**
 * Migration 0023 (decision 0044) on a database at 0022 whose translation cache was shared by every
 * team, on PGlite and on PostgreSQL: the shared rows are dropped, not handed to the teams whose
 * checklists hold the text (which would tell a team that held a guess that someone translated it),
 * and the cache that follows is each team's own.
 */

const BEFORE = '0022_activity_actor';
const HASH = 'ab'.repeat(32);

let database: TestDatabase;
let folder: string;

async function query<Row = Record<string, unknown>>(statement: SQL): Promise<Row[]> {
  const result = await database.handle.db.execute(statement);
  return (result as unknown as { rows: Row[] }).rows;
}

beforeAll(async () => {
  database = await createTestDatabase({ migrated: false });
  folder = await migrationsUpTo(BEFORE);
  await migrateFrom(database.handle, folder);
  await query(
    sql`insert into users (id, email) values ('user_a', 'a@example.com'), ('user_b', 'b@example.com')`,
  );
  await query(sql`insert into teams (id, name) values ('user_a', 'A''s team'), ('user_b', 'B''s team')`);
  await query(sql`insert into translations (provider, source_lang, target_lang, text_hash, translated_text) values
    ('libretranslate', 'en', 'de', ${HASH}, 'de: Lockbox 4921'),
    ('apertium', 'en', 'es', ${HASH}, 'es: Lockbox 4921')`);
  await database.handle.migrate();
});

afterAll(async () => {
  await database?.destroy();
  if (folder) await rm(folder, { recursive: true, force: true });
});

describe('migration 0023: the translation cache per team', () => {
  it('drops the rows every team shared, and keys the table by team', async () => {
    expect(await query(sql`select * from translations`)).toEqual([]);
    const columns = await query<{ column_name: string }>(
      sql`select column_name from information_schema.columns where table_name = 'translations' order by column_name`,
    );
    expect(columns.map((c) => c.column_name)).toContain('team_id');
  });

  it("keeps one team's translation from another, and the same text once per team", async () => {
    const { db } = database.handle;
    const pair = { source: 'en', target: 'de' } as const;
    await keepTranslations(db, 'libretranslate', { teamId: 'user_a', ...pair }, [
      { hash: HASH, text: 'de: Lockbox 4921' },
    ]);
    expect(await cachedTranslations(db, 'libretranslate', { teamId: 'user_b', ...pair }, [HASH])).toEqual(
      new Map(),
    );
    expect(await cachedTranslations(db, 'libretranslate', { teamId: 'user_a', ...pair }, [HASH])).toEqual(
      new Map([[HASH, 'de: Lockbox 4921']]),
    );
    await keepTranslations(db, 'libretranslate', { teamId: 'user_b', ...pair }, [
      { hash: HASH, text: 'de: Lockbox 4921' },
    ]);
    expect(await query(sql`select team_id from translations order by team_id`)).toEqual([
      { team_id: 'user_a' },
      { team_id: 'user_b' },
    ]);
  });

  it('refuses a row of no team (the team is part of the key, and its rows go with it)', async () => {
    await expect(
      query(sql`insert into translations (team_id, provider, source_lang, target_lang, text_hash, translated_text)
        values ('no_such_team', 'libretranslate', 'en', 'fr', ${HASH}, 'fr: x')`),
    ).rejects.toThrow();
  });
});

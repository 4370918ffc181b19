import path from 'node:path';
import { z } from 'zod';
import { optionalText } from './env-fields.ts';
import { refuseFallback, type SettingsCheck } from './settings-check.ts';

/** Where the data lives: PostgreSQL, or the embedded PGlite under DATA_DIR (local mode, tests). */

export const DatabaseEnv = z.object({
  DATA_DIR: z.string().trim().min(1).default('./data'),
  DATABASE_URL: optionalText.pipe(z.url({ protocol: /^postgres(ql)?$/ }).optional()),
});
export type DatabaseEnv = z.infer<typeof DatabaseEnv>;

export type DatabaseConfig =
  | { kind: 'postgres'; url: string }
  /** dataDir null: an in-memory database (tests). */
  | { kind: 'pglite'; dataDir: string | null };

/** DATA_DIR as an absolute path (photos on disk live there too), and the database. */
export function readDatabase(
  e: DatabaseEnv,
  check: SettingsCheck,
): { dataDir: string; database: DatabaseConfig } {
  const dataDir = path.resolve(e.DATA_DIR);
  if (e.DATABASE_URL) return { dataDir, database: { kind: 'postgres', url: e.DATABASE_URL } };
  check.localServices.push('database (embedded PGlite)');
  if (check.production)
    refuseFallback(check, 'DATABASE_URL', 'the PostgreSQL connection string', 'embedded PGlite');
  return { dataDir, database: { kind: 'pglite', dataDir: path.join(dataDir, 'pglite') } };
}

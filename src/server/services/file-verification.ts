import type { FileCheckResponse } from '#domain/verify';
import type { Database } from '../db/client.ts';
import { earliestRecordOf } from '../repositories/issued-reports.ts';

/**
 * POST /api/verify (decision 0060): whether ListSync recorded a file with this SHA-256 (a report it
 * issued, a photo it received or serves) and when it first did. The answer says that and nothing
 * more: no checklist, no name, no id, so holding a file is the only thing that gets an answer.
 */
export async function verifyFile(db: Database, sha256: string): Promise<FileCheckResponse> {
  const record = await earliestRecordOf(db, sha256);
  return record
    ? { match: true, kind: record.kind, recordedAt: record.recordedAt.toISOString() }
    : { match: false };
}

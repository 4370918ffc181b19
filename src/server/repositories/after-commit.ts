import { sql } from 'drizzle-orm';
import type { ApplicationNotice } from '../db/change-notice.ts';
import type { Database } from '../db/client.ts';
import { noticesSelect } from './change-notices.ts';
import { type AnswerToKeep, keepAnswersUpdate } from './idempotency-keys.ts';

/**
 * What follows changes that have committed, written together (services/after-commit.ts): the answers
 * kept for Idempotency-Key replays and the change notices of the same moment, in one statement and
 * one round trip. PostgreSQL runs a data-modifying CTE to completion whether or not the main query
 * reads it, so the answers are kept even when there is no notice to send.
 */
export async function writeAfterCommit(
  db: Database,
  batch: { answers: readonly AnswerToKeep[]; notices: readonly ApplicationNotice[] },
): Promise<void> {
  const { answers, notices } = batch;
  if (answers.length === 0 && notices.length === 0) return;
  if (notices.length === 0) {
    await db.execute(keepAnswersUpdate(answers));
  } else if (answers.length === 0) {
    await db.execute(noticesSelect(notices));
  } else {
    await db.execute(sql`with "kept" as (${keepAnswersUpdate(answers)}) ${noticesSelect(notices)}`);
  }
}

import { and, sql } from 'drizzle-orm';
import type { LanguageCode } from '#domain/languages';
import type { Database } from '../db/client.ts';
import { checklists, shares } from '../db/schema/index.ts';
import type { ChecklistAccess } from '../policies/checklists.ts';
import { isInReach } from './access.ts';
import { activityInsert } from './activity.ts';
import { changedAtParameter, effectiveChangeTime, writeWins } from './change-times.ts';
import { toDate } from './sql-values.ts';

/**
 * A checklist's remarks (the owner's or a verified recipient's words on the work), and the language
 * they are stored with. Submitting with remarks writes them too (repositories/checklists.ts
 * `markSubmitted`).
 */

/**
 * The remarks' language after the owner writes them: unchanged remarks keep theirs (an editor saving
 * a recipient's remarks as they were); new ones are in the owner's language (null).
 */
export function ownerRemarksLanguage(remarks: string) {
  return sql<
    string | null
  >`case when ${checklists.remarks} = ${remarks} then ${checklists.remarksLanguage} else null end`;
}

/**
 * The language remarks are stored with: what the writer said, else for a recipient their share's
 * language (the page they wrote on), for the owner null (the owner's language, whatever it becomes).
 */
export function remarksLanguageOf(access: ChecklistAccess, said: LanguageCode | undefined, remarks: string) {
  if (said) return said;
  if (access.kind === 'owner') return ownerRemarksLanguage(remarks);
  return sql<string>`(select ${shares.targetLanguage} from ${shares} where ${shares.id} = ${access.shareId})`;
}

/** What a remark that applied left: the checklist's team, its new revision, when, and the remarks. */
export interface RemarksWritten {
  teamId: string;
  revision: number;
  updatedAt: Date;
  remarks: string;
}

/**
 * Writes the remarks if in reach and this write is not older than the last one applied to them (later
 * write wins, by `changedAt`), with the trail's entry of who wrote them, in one statement; the version
 * is left alone. What it left, or null when it did not apply. A write that applies says its checklist
 * notice is the application's to send once committed (migration 0011, as a tick's): the caller sends
 * it, so the commit does not wait for PostgreSQL's notice lock.
 */
export async function writeRemarksIfLater(
  db: Database,
  access: ChecklistAccess,
  checklistId: string,
  write: { remarks: string; language?: LanguageCode | undefined; changedAt?: string | undefined },
): Promise<RemarksWritten | null> {
  const effective = effectiveChangeTime(changedAtParameter(write.changedAt));
  const written = db.$with('written').as(
    db
      .update(checklists)
      .set({
        remarks: write.remarks,
        remarksLanguage: remarksLanguageOf(access, write.language, write.remarks),
        remarksChangedAt: effective,
        updatedAt: sql`now()`,
        revision: sql`${checklists.revision} + 1`,
      })
      .where(and(isInReach(access, checklistId), writeWins(checklists.remarksChangedAt, effective)))
      .returning({
        teamId: checklists.teamId,
        revision: checklists.revision,
        updatedAt: checklists.updatedAt,
        remarks: checklists.remarks,
        noticeAfterCommit: sql<string>`set_config('listsync.notice', 'after-commit', true)`.as(
          'notice_after_commit',
        ),
      }),
  );
  const actor =
    access.kind === 'recipient'
      ? { shareId: access.shareId, actorUserId: null }
      : { shareId: null, actorUserId: access.userId };
  const logged = db
    .$with('logged')
    .as(
      activityInsert(
        db,
        { checklistId, ...actor, action: 'remarks_changed' },
        sql`exists (select 1 from ${written})`,
      ),
    );
  const [row] = await db
    .with(written, logged)
    .select({
      teamId: written.teamId,
      revision: written.revision,
      updatedAt: written.updatedAt,
      remarks: written.remarks,
      // Read, so that PostgreSQL surely evaluates it before the rows' triggers run.
      noticeAfterCommit: written.noticeAfterCommit,
    })
    .from(written);
  if (!row) return null;
  return {
    teamId: row.teamId,
    revision: Number(row.revision),
    updatedAt: toDate(row.updatedAt),
    remarks: row.remarks,
  };
}

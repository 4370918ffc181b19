import { and, eq, type SQLWrapper, sql } from 'drizzle-orm';
import type { LanguageCode } from '#domain/languages';
import type { Database } from '../db/client.ts';
import { preparedPerDatabase } from '../db/prepared.ts';
import { checklists, shares } from '../db/schema/index.ts';
import { newId } from '../ids.ts';
import type { ChecklistAccess } from '../policies/checklists.ts';
import { isInTeamsOf, isOfTeam } from './access.ts';
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
export function ownerRemarksLanguage(remarks: SQLWrapper | string) {
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

/** How the statement finds the checklist: a member's teams, an API token's team, a recipient's grant. */
type Reach = 'member' | 'team' | 'grant';
/** Where the remarks' language comes from: the writer said it, or the rule of `remarksLanguageOf`. */
type LanguageFrom = 'said' | 'rule';

const p = (name: string) => sql.placeholder(name);

/**
 * The remarks and the trail's entry of who wrote them, one statement, prepared once per reach and
 * language rule. Placeholders: checklistId, remarks, language, changedAt, activityId and the
 * reach's own (userId, teamId, or grantChecklistId with shareId).
 */
function buildRemarksWrite(reach: Reach, languageFrom: LanguageFrom) {
  return preparedPerDatabase((db) => {
    const effective = effectiveChangeTime(p('changedAt'));
    const inReach =
      reach === 'member'
        ? isInTeamsOf(p('userId'))
        : reach === 'team'
          ? isOfTeam(p('teamId'))
          : eq(checklists.id, p('grantChecklistId'));
    const language =
      languageFrom === 'said'
        ? sql`${p('language')}`
        : reach === 'grant'
          ? sql`(select ${shares.targetLanguage} from ${shares} where ${shares.id} = ${p('shareId')})`
          : ownerRemarksLanguage(p('remarks'));
    const written = db.$with('written').as(
      db
        .update(checklists)
        .set({
          remarks: sql`${p('remarks')}`,
          remarksLanguage: language,
          remarksChangedAt: effective,
          updatedAt: sql`now()`,
          revision: sql`${checklists.revision} + 1`,
        })
        .where(
          and(
            eq(checklists.id, p('checklistId')),
            inReach,
            writeWins(checklists.remarksChangedAt, effective),
          ),
        )
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
      reach === 'grant'
        ? { shareId: p('shareId'), actorUserId: null }
        : { shareId: null, actorUserId: p('userId') };
    const entry = {
      id: p('activityId'),
      checklistId: p('checklistId'),
      ...actor,
      action: 'remarks_changed' as const,
    };
    const logged = db.$with('logged').as(activityInsert(db, entry, sql`exists (select 1 from ${written})`));
    return db
      .with(written, logged)
      .select({
        teamId: written.teamId,
        revision: written.revision,
        updatedAt: written.updatedAt,
        remarks: written.remarks,
        // Read, so that PostgreSQL surely evaluates it before the rows' triggers run.
        noticeAfterCommit: written.noticeAfterCommit,
      })
      .from(written)
      .prepare(`write_remarks_by_${reach}_${languageFrom}`);
  });
}

const remarksWrites = new Map(
  (['member', 'team', 'grant'] as const).flatMap((reach) =>
    (['said', 'rule'] as const).map((from) => [`${reach}/${from}`, buildRemarksWrite(reach, from)] as const),
  ),
);

function reachOf(access: ChecklistAccess): { reach: Reach; params: Record<string, string> } {
  if (access.kind === 'recipient') {
    return { reach: 'grant', params: { grantChecklistId: access.checklistId, shareId: access.shareId } };
  }
  return access.viaToken
    ? { reach: 'team', params: { teamId: access.teamId, userId: access.userId } }
    : { reach: 'member', params: { userId: access.userId } };
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
  const { reach, params } = reachOf(access);
  const statement = remarksWrites.get(`${reach}/${write.language ? 'said' : 'rule'}`);
  if (!statement) throw new Error(`no remarks statement for ${reach}`);
  const [row] = await statement(db).execute({
    ...params,
    checklistId,
    remarks: write.remarks,
    language: write.language ?? null,
    changedAt: changedAtParameter(write.changedAt),
    activityId: newId('activity'),
  });
  if (!row) return null;
  return {
    teamId: row.teamId,
    revision: Number(row.revision),
    updatedAt: toDate(row.updatedAt),
    remarks: row.remarks,
  };
}

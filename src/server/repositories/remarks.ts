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
import { claimKeyCte } from './idempotency-keys.ts';
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
 * The remarks and the trail's entry of who wrote them, one statement, prepared once per reach,
 * language rule and whether it claims an Idempotency-Key. Placeholders: checklistId, remarks,
 * language, changedAt, activityId and the reach's own (userId, teamId, or grantChecklistId with
 * shareId); keyed, also principal and those of `claimKeyCte`.
 */
function buildRemarksWrite(reach: Reach, languageFrom: LanguageFrom, keyed: boolean) {
  return preparedPerDatabase((db) => {
    // Keyed: the key is claimed in this statement, and the remarks are written only if it was.
    const claimed = keyed ? claimKeyCte(db, sql`cast(${p('principal')} as text)`) : null;
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
            claimed ? sql`exists (select 1 from ${claimed})` : undefined,
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
    const columns = {
      teamId: written.teamId,
      revision: written.revision,
      updatedAt: written.updatedAt,
      remarks: written.remarks,
      // Read, so that PostgreSQL surely evaluates it before the rows' triggers run.
      noticeAfterCommit: written.noticeAfterCommit,
    };
    const name = `write_remarks_by_${reach}_${languageFrom}`;
    if (!claimed) return db.with(written, logged).select(columns).from(written).prepare(name);
    // One row whatever happened: whether the key was claimed, and what was written (nulls: nothing).
    return db
      .with(claimed, written, logged)
      .select({ claimed: sql<boolean>`exists (select 1 from ${claimed})`, ...columns })
      .from(sql`(values (1)) as "one"("one")`)
      .leftJoin(written, sql`true`)
      .prepare(`${name}_keyed`);
  });
}

const REACHES = ['member', 'team', 'grant'] as const;
const LANGUAGES_FROM = ['said', 'rule'] as const;
const remarksWrites = new Map(
  REACHES.flatMap((reach) =>
    LANGUAGES_FROM.map((from) => [`${reach}/${from}`, buildRemarksWrite(reach, from, false)] as const),
  ),
);
const keyedRemarksWrites = new Map(
  REACHES.flatMap((reach) =>
    LANGUAGES_FROM.map((from) => [`${reach}/${from}`, buildRemarksWrite(reach, from, true)] as const),
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

/** A remark's write as the request says it. */
export interface RemarksWrite {
  remarks: string;
  language?: LanguageCode | undefined;
  changedAt?: string | undefined;
}

/** The claim of a remark's Idempotency-Key, made in its write (as a tick's is). */
export interface RemarksKeyClaim {
  principal: string;
  key: string;
  requestHash: string;
  claimedAt: Date;
  expiresAt: Date;
  abandonedBefore: Date;
}

/** Which statement writes this remark (by reach and language rule), and its values. */
function writeOf(access: ChecklistAccess, checklistId: string, write: RemarksWrite) {
  const { reach, params } = reachOf(access);
  return {
    variant: `${reach}/${write.language ? 'said' : 'rule'}` as `${Reach}/${LanguageFrom}`,
    values: {
      ...params,
      checklistId,
      remarks: write.remarks,
      language: write.language ?? null,
      changedAt: changedAtParameter(write.changedAt),
      activityId: newId('activity'),
    },
  };
}

interface WrittenRow {
  teamId: string | null;
  revision: number | null;
  updatedAt: Date | string | null;
  remarks: string | null;
}

function writtenOf(row: WrittenRow | undefined): RemarksWritten | null {
  if (!row || row.teamId === null || row.revision === null || row.updatedAt === null) return null;
  return {
    teamId: row.teamId,
    revision: Number(row.revision),
    updatedAt: toDate(row.updatedAt),
    remarks: row.remarks ?? '',
  };
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
  write: RemarksWrite,
): Promise<RemarksWritten | null> {
  const { variant, values } = writeOf(access, checklistId, write);
  const statement = remarksWrites.get(variant);
  if (!statement) throw new Error(`no remarks statement for ${variant}`);
  const [row] = await statement(db).execute(values);
  return writtenOf(row);
}

/**
 * `writeRemarksIfLater` with the claim of its Idempotency-Key in the same statement: the remarks are
 * written only if this request claimed the key; whether it did, and what was written (null: nothing).
 */
export async function writeKeyedRemarksIfLater(
  db: Database,
  access: ChecklistAccess,
  checklistId: string,
  write: RemarksWrite,
  claim: RemarksKeyClaim,
): Promise<{ claimed: boolean; written: RemarksWritten | null }> {
  const { variant, values } = writeOf(access, checklistId, write);
  const statement = keyedRemarksWrites.get(variant);
  if (!statement) throw new Error(`no keyed remarks statement for ${variant}`);
  const [row] = await statement(db).execute({
    ...values,
    principal: claim.principal,
    key: claim.key,
    requestHash: claim.requestHash,
    claimedAt: claim.claimedAt.toISOString(),
    expiresAt: claim.expiresAt.toISOString(),
    abandonedBefore: claim.abandonedBefore.toISOString(),
  });
  if (!row || !('claimed' in row)) throw new Error('a keyed remarks write answered no row');
  return { claimed: Boolean(row.claimed), written: writtenOf(row) };
}

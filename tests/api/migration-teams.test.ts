import { rm } from 'node:fs/promises';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listTeamChecklists } from '#server/repositories/checklist-list';
import { readChecklistRow } from '#server/repositories/checklists';
import { ensureTeam } from '#server/services/teams';
import { createTestDatabase, type TestDatabase } from '#tests/support/database';
import { migrateFrom, migrationsUpTo } from '#tests/support/migrations';

/**
 * Migration 0021 (Teams, decision 0040) on a database that was at 0020 with the rows of owners from
 * before teams, on PGlite and on PostgreSQL. Pins: every user gets a team with their id, named after
 * them, with them as its owner, and takes their plan (tier, manual tier) with them; every checklist
 * keeps its id, creator, tasks, share, grant, photo, trail and notices, and belongs to its creator's
 * team; the billing rows (customers, checkouts, subscriptions) keep their keys, now naming the team;
 * nothing is lost (every table keeps its rows, to the value); and the code of 0021 reads the result:
 * the owner's team lists and reads their checklists, another team's owner reads none, and their next
 * sign-in finds the team rather than making a second one.
 */

const LAST_BEFORE_TEAMS = '0020_mailing_list_opt_in';

/** The tables whose rows the migration must keep, and the columns it adds (or renames) in each. */
const KEPT: Record<string, { added?: string[]; renamed?: [before: string, after: string] }> = {
  users: {},
  checklists: { added: ['team_id', 'assignee_uid'] },
  tasks: {},
  shares: {},
  share_grants: {},
  photos: { added: ['team_id', 'stored_bytes'] },
  checklist_activity: {},
  notifications: { added: ['by_name'] },
  sessions: { added: ['active_team_id'] },
  billing_customers: { renamed: ['user_id', 'team_id'] },
  billing_checkouts: { renamed: ['user_id', 'team_id'] },
  subscriptions: { renamed: ['user_id', 'team_id'] },
};

const CREATED = '2025-03-04T05:06:07.000Z';
const LATER = '2026-02-03T04:05:06.000Z';

let database: TestDatabase;
let folder: string;
let before: Record<string, Record<string, unknown>[]>;
let after: Record<string, Record<string, unknown>[]>;

/** The rows of a query, whichever driver answered (both put them in `rows`). */
async function query<Row = Record<string, unknown>>(statement: SQL): Promise<Row[]> {
  const result = await database.handle.db.execute(statement);
  return (result as unknown as { rows: Row[] }).rows;
}

/** Every row of a table as JSON without these columns, in a stable order (the order of their text). */
async function rowsOf(table: string, without: string[] = []) {
  const minus = sql.join(
    without.map((column) => sql` - ${column}::text`),
    sql``,
  );
  const rows = await query<{ r: Record<string, unknown> }>(
    sql`select r from (select to_jsonb(x)${minus} as r from ${sql.identifier(table)} x) s order by r::text`,
  );
  return rows.map((row) => row.r);
}

/**
 * The rows of before teams, in 0020's columns: Ana (a subscriber: a billing customer, a checkout, a
 * subscription; two checklists, one shared with a verified recipient, a photo, a trail, a notice),
 * Bob (no display name, an enterprise plan given by hand, a billing customer, one checklist) and
 * Carol (signed in once, made nothing).
 */
async function seedBeforeTeams(): Promise<void> {
  await query(sql`insert into users (id, email, display_name, tier, manual_tier, created_at, updated_at) values
    ('user_ana', 'ana@example.com', 'Ana', 'professional', null, ${CREATED}, ${CREATED}),
    ('user_bob', 'bob.builder@example.com', '', 'enterprise', 'enterprise', ${CREATED}, ${LATER}),
    ('user_carol', 'carol@example.com', 'Carol', 'free', null, ${LATER}, ${LATER})`);
  await query(sql`insert into sessions (id_hash, user_id, created_at, last_seen_at, expires_at) values
    ('session_ana', 'user_ana', ${CREATED}, ${CREATED}, ${LATER})`);
  await query(sql`insert into checklists (id, user_id, name, remarks, revision, created_at, updated_at) values
    ('checklist_a1', 'user_ana', 'Cabin turnover', 'Keys under the mat', 7, ${CREATED}, ${LATER}),
    ('checklist_a2', 'user_ana', 'Garage', '', 1, ${LATER}, ${LATER}),
    ('checklist_b1', 'user_bob', 'Site visit', '', 3, ${CREATED}, ${CREATED})`);
  await query(sql`insert into tasks (checklist_id, id, position, description, photo_required, completed, completed_at, photo_url) values
    ('checklist_a1', 'task_1', 0, 'Strip the beds', true, true, ${LATER}, '/api/photos/photo_a1'),
    ('checklist_a1', 'task_2', 1, 'Sweep the deck', false, false, null, null),
    ('checklist_a2', 'task_1', 0, 'Oil the door', false, false, null, null),
    ('checklist_b1', 'task_1', 0, 'Check the scaffold', false, true, ${CREATED}, null)`);
  await query(sql`insert into shares (id, checklist_id, recipient_id, recipient_name, channel, contact, token_hash, token_sealed) values
    ('share_a1', 'checklist_a1', 'recipient_jane', 'Jane', 'email', 'jane@example.com', 'token_hash_a1', 'sealed')`);
  await query(sql`insert into share_grants (browser_hash, share_id, checklist_id, expires_at) values
    ('browser_jane', 'share_a1', 'checklist_a1', ${LATER})`);
  await query(sql`insert into photos (id, checklist_id, task_id, display_key, thumb_key, content_type, width, height,
      source_format, original_bytes, original_sha256, share_id) values
    ('photo_a1', 'checklist_a1', 'task_1', 'a1/display.jpg', 'a1/thumb.jpg', 'image/jpeg', 1600, 1200,
      'jpeg', 2400000, ${'ab'.repeat(32)}, 'share_a1')`);
  await query(sql`insert into checklist_activity (id, checklist_id, share_id, actor_kind, share_name, share_channel,
      share_contact, action, task_id, at) values
    ('activity_a1', 'checklist_a1', 'share_a1', 'recipient', 'Jane', 'email', 'jane@example.com', 'task_completed', 'task_1', ${LATER})`);
  await query(sql`insert into notifications (id, owner_id, checklist_id, share_id, kind, checklist_name, recipient_label) values
    ('notification_a1', 'user_ana', 'checklist_a1', 'share_a1', 'submitted', 'Cabin turnover', 'Jane')`);
  await query(sql`insert into billing_customers (user_id, customer_id) values
    ('user_ana', 'cus_ana'), ('user_bob', 'cus_bob')`);
  await query(sql`insert into billing_checkouts (id, user_id, tier, interval, url, status, subscription_id, expires_at) values
    ('cs_ana', 'user_ana', 'professional', 'month', 'https://checkout.example/cs_ana', 'complete', 'sub_ana', ${LATER})`);
  await query(sql`insert into subscriptions (id, user_id, customer_id, tier, status, provider_status, interval, price_id,
      current_period_end, synced_at) values
    ('sub_ana', 'user_ana', 'cus_ana', 'professional', 'active', 'active', 'month', 'price_pro_month', ${LATER}, ${LATER})`);
}

async function snapshot(): Promise<Record<string, Record<string, unknown>[]>> {
  const rows: Record<string, Record<string, unknown>[]> = {};
  for (const table of Object.keys(KEPT)) rows[table] = await rowsOf(table);
  return rows;
}

beforeAll(async () => {
  database = await createTestDatabase({ migrated: false });
  folder = await migrationsUpTo(LAST_BEFORE_TEAMS);
  await migrateFrom(database.handle, folder);
  await seedBeforeTeams();
  before = await snapshot();
  // The deployment of Teams: the app's own migrate, which applies what the database lacks (0021).
  await database.handle.migrate();
  after = await snapshot();
});

afterAll(async () => {
  await database?.destroy();
  if (folder) await rm(folder, { recursive: true, force: true });
});

describe('migration 0021: every owner becomes the owner of a team with their id', () => {
  it('made one team per user, keyed and named after them, with their plan', async () => {
    expect(before.users).toHaveLength(3);
    const teams = await query(
      sql`select t.id, t.name, t.tier, t.manual_tier, t.created_at = u.created_at as made_when_signed_up
        from teams t left join users u on u.id = t.id order by t.id`,
    );
    expect(teams).toEqual([
      {
        id: 'user_ana',
        name: "Ana's team",
        tier: 'professional',
        manual_tier: null,
        made_when_signed_up: true,
      },
      {
        id: 'user_bob',
        name: "bob.builder's team",
        tier: 'enterprise',
        manual_tier: 'enterprise',
        made_when_signed_up: true,
      },
      { id: 'user_carol', name: "Carol's team", tier: 'free', manual_tier: null, made_when_signed_up: true },
    ]);
  });

  it('made each user the owner of their team, and nobody a member of another', async () => {
    const members = await query(
      sql`select m.team_id, m.user_id, m.role, m.joined_at = u.created_at as joined_when_signed_up
        from team_members m join users u on u.id = m.user_id order by m.team_id, m.user_id`,
    );
    expect(members).toEqual(
      ['user_ana', 'user_bob', 'user_carol'].map((id) => ({
        team_id: id,
        user_id: id,
        role: 'owner',
        joined_when_signed_up: true,
      })),
    );
    expect(await query(sql`select * from team_invitations`)).toEqual([]);
    expect(await query(sql`select * from team_departures`)).toEqual([]);
  });

  it('moved the plan off the user: users keep every other column and value', async () => {
    const columns = await query<{ column_name: string }>(
      sql`select column_name from information_schema.columns
        where table_schema = 'public' and table_name = 'users' and column_name in ('tier', 'manual_tier')`,
    );
    expect(columns).toEqual([]);
    const withoutPlan = before.users?.map(({ tier: _tier, manual_tier: _manual, ...rest }) => rest);
    expect(after.users).toEqual(withoutPlan);
  });
});

describe('migration 0021: checklists and all they hold stay, now in their creator’s team', () => {
  it('every checklist kept its id, creator and values, and belongs to its creator’s team, unassigned', async () => {
    const moved = await query(sql`select id, user_id, team_id, assignee_uid from checklists order by id`);
    expect(moved).toEqual([
      { id: 'checklist_a1', user_id: 'user_ana', team_id: 'user_ana', assignee_uid: null },
      { id: 'checklist_a2', user_id: 'user_ana', team_id: 'user_ana', assignee_uid: null },
      { id: 'checklist_b1', user_id: 'user_bob', team_id: 'user_bob', assignee_uid: null },
    ]);
    // What 0025 adds (due times and marks, issue 31) is empty for checklists made before.
    const dueColumns = ['due_at', 'overdue_at', 'due_reminded_at', 'cancelled_at'];
    // What 0033 adds (review, signature, address: issue 34) is empty, and no signature is required.
    const reviewColumns = [
      'approved_at',
      'approved_by_user_id',
      'approved_by_name',
      'address',
      'address_latitude',
      'address_longitude',
    ];
    expect(
      await rowsOf('checklists', [
        'team_id',
        'assignee_uid',
        ...dueColumns,
        ...reviewColumns,
        'require_signature',
      ]),
    ).toEqual(before.checklists);
    for (const row of after.checklists ?? []) {
      expect(dueColumns.map((column) => row[column])).toEqual([null, null, null, null]);
      expect(reviewColumns.map((column) => row[column] ?? null)).toEqual(reviewColumns.map(() => null));
      expect(row.require_signature).toBe(false);
    }
  });

  it('left the checklists’ change notices on (the backfill turned them off while it ran)', async () => {
    const triggers = await query(
      sql`select tgname, tgenabled from pg_trigger where tgrelid = 'checklists'::regclass and not tgisinternal
        order by tgname`,
    );
    // 0030 adds the webhook events' triggers (decision 0050), on as well.
    expect(triggers).toEqual([
      { tgname: 'checklists_created_webhooks', tgenabled: 'O' },
      { tgname: 'checklists_notify', tgenabled: 'O' },
      { tgname: 'checklists_overdue_webhooks', tgenabled: 'O' },
    ]);
  });

  it('tasks, the share, its grant, the photo and the trail are untouched, to the value', async () => {
    for (const table of ['shares', 'share_grants']) {
      expect(after[table], table).toEqual(before[table]);
      expect(after[table]?.length, table).toBeGreaterThan(0);
    }
    // What 0033 adds to a task (a redo's note, issue 34) is empty.
    expect(await rowsOf('tasks', ['redo_note', 'redo_requested_at'])).toEqual(before.tasks);
    expect(before.tasks?.length).toBeGreaterThan(0);
    for (const row of after.tasks ?? []) expect([row.redo_note, row.redo_requested_at]).toEqual([null, null]);
    // What 0032 adds to the photo (storage, decision 0053): its checklist's team, and an estimate of
    // its stored bytes (display 1600 x 1200 at a quarter byte a pixel, 480,000; the 320 x 240 thumbnail
    // at 0.3, 23,040) until `recount-storage` reads the store; the team's figure is their sum.
    // And what 0033 adds (capture offset and source, the display copy's hash, a consented location) is empty.
    const evidenceColumns = [
      'captured_offset',
      'capture_source',
      'display_sha256',
      'latitude',
      'longitude',
      'location_accuracy_m',
    ];
    expect(await rowsOf('photos', ['team_id', 'stored_bytes', ...evidenceColumns])).toEqual(before.photos);
    for (const row of after.photos ?? [])
      expect(evidenceColumns.map((column) => row[column])).toEqual(evidenceColumns.map(() => null));
    expect(after.photos?.map((row) => [row.team_id, Number(row.stored_bytes)])).toEqual([
      ['user_ana', 503_040],
    ]);
    const figures = await query<{ id: string; storage_used_bytes: string | number }>(
      sql`select id, storage_used_bytes from teams order by id`,
    );
    expect(figures.map((row) => [row.id, Number(row.storage_used_bytes)])).toEqual([
      ['user_ana', 503_040],
      ['user_bob', 0],
      ['user_carol', 0],
    ]);
    // The trail as it was; what 0022 adds (who of the team acted) is empty for entries made before.
    // Nor what 0033 adds (a photo's offset, receipt and source; a review's note).
    expect(
      await rowsOf('checklist_activity', [
        'actor_user_id',
        'actor_name',
        'photo_captured_offset',
        'photo_received_at',
        'photo_capture_source',
        'note',
      ]),
    ).toEqual(before.checklist_activity);
    expect(before.checklist_activity?.length).toBeGreaterThan(0);
    for (const row of after.checklist_activity ?? []) {
      expect([row.actor_user_id, row.actor_name]).toEqual([null, null]);
    }
  });

  it('notices and sessions keep their rows; what 0021 adds to them is empty', async () => {
    expect(await rowsOf('notifications', ['by_name', 'reason'])).toEqual(before.notifications);
    expect(after.notifications?.map((row) => [row.by_name, row.reason])).toEqual([[null, null]]);
    // 0029 adds api_token_id (decision 0049): null for a person's session.
    expect(await rowsOf('sessions', ['active_team_id', 'api_token_id'])).toEqual(before.sessions);
    expect(after.sessions?.map((row) => [row.active_team_id, row.api_token_id])).toEqual([[null, null]]);
  });
});

describe('migration 0021: billing rows keep their keys, now naming the owner’s team', () => {
  it.each(['billing_customers', 'billing_checkouts', 'subscriptions'])('%s', (table) => {
    const renamed = after[table]?.map(({ team_id, ...rest }) => ({ ...rest, user_id: team_id }));
    expect(renamed).toEqual(before[table]);
    expect(before[table]?.length).toBeGreaterThan(0);
  });
});

describe('migration 0021: nothing is lost', () => {
  it('every table keeps as many rows as it had', () => {
    const counts = (rows: typeof before) =>
      Object.fromEntries(Object.entries(rows).map(([table, list]) => [table, list.length]));
    expect(counts(after)).toEqual(counts(before));
    expect(counts(before)).toMatchObject({ users: 3, checklists: 3, tasks: 4, subscriptions: 1 });
  });
});

describe('the code of teams reads the migrated rows', () => {
  it("an owner's team lists and reads their checklists; another team's owner reads none of them", async () => {
    const { db } = database.handle;
    const anas = await listTeamChecklists(db, 'user_ana');
    expect(anas.rows.map((row) => row.id).sort()).toEqual(['checklist_a1', 'checklist_a2']);
    const ana = { kind: 'owner', userId: 'user_ana', teamId: 'user_ana' } as const;
    const read = await readChecklistRow(db, ana, 'checklist_a1');
    expect(read?.tasks.map((task) => task.id)).toEqual(['task_1', 'task_2']);
    const bob = { kind: 'owner', userId: 'user_bob', teamId: 'user_bob' } as const;
    expect(await readChecklistRow(db, bob, 'checklist_a1')).toBeUndefined();
    expect((await listTeamChecklists(db, 'user_carol')).rows).toEqual([]);
  });

  it('a migrated owner’s next sign-in finds their team and makes no second one', async () => {
    const { db } = database.handle;
    const user = { uid: 'user_ana', email: 'ana@example.com', displayName: 'Ana' };
    expect(await ensureTeam(db, user)).toBe('user_ana');
    expect(await query(sql`select team_id from team_members where user_id = 'user_ana'`)).toEqual([
      { team_id: 'user_ana' },
    ]);
  });
});

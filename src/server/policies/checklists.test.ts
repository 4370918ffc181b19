import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { actingKindSql, admitted, type CallerFacts, checklistActor } from './checklists.ts';

const grant = { shareId: 'share_1', actorLabel: 'Jane (j•••e@example.com)' };
const facts = (over: Partial<CallerFacts>): CallerFacts => ({
  sessionUserId: null,
  owns: false,
  teamId: 'team_1',
  grant: null,
  ...over,
});
const asBrowser = { browserHash: 'browser' };
const asSessionOnly = { browserHash: null };

describe('who the caller is for a checklist', () => {
  it('the owner first, when their session reaches it, even with a grant on it too', () => {
    expect(
      checklistActor(asBrowser, facts({ sessionUserId: 'u1', owns: true, grant }), 'c1', 'tick'),
    ).toEqual({
      kind: 'owner',
      userId: 'u1',
      teamId: 'team_1',
    });
  });

  it('a recipient, through the live grant, for what recipients may do', () => {
    const asSomeoneElse = facts({ sessionUserId: 'u2', owns: false, grant });
    for (const right of ['read', 'tick', 'photo', 'remarks', 'submit'] as const) {
      expect(checklistActor(asBrowser, asSomeoneElse, 'c1', right)).toEqual({
        kind: 'recipient',
        checklistId: 'c1',
        ...grant,
      });
    }
  });

  it('nobody, for what only an owner may do', () => {
    for (const right of ['edit', 'share', 'delete'] as const) {
      expect(checklistActor(asBrowser, facts({ grant }), 'c1', right)).toEqual({
        kind: 'nobody',
        reason: 'out-of-reach',
      });
    }
  });

  it('nobody signed out (401) with neither a live session nor a recipient cookie, else out of reach (404)', () => {
    expect(checklistActor(asSessionOnly, facts({}), 'c1', 'read').kind).toBe('nobody');
    expect(checklistActor(asSessionOnly, facts({}), 'c1', 'read')).toMatchObject({ reason: 'signed-out' });
    expect(checklistActor(asSessionOnly, facts({ sessionUserId: 'u2' }), 'c1', 'read')).toMatchObject({
      reason: 'out-of-reach',
    });
    expect(checklistActor(asBrowser, facts({}), 'c1', 'read')).toMatchObject({ reason: 'out-of-reach' });
    expect(() => admitted({ kind: 'nobody', reason: 'signed-out' })).toThrow(
      expect.objectContaining({ code: 'unauthenticated' }),
    );
    expect(() => admitted({ kind: 'nobody', reason: 'out-of-reach' })).toThrow(
      expect.objectContaining({ code: 'not_found', message: 'Checklist not found' }),
    );
  });

  it('decides the same way inside a statement: the owner first, then a recipient, each with the right', () => {
    const dialect = new PgDialect();
    const reach = { owner: sql`owns`, recipient: sql`granted` };
    expect(dialect.sqlToQuery(actingKindSql(reach, 'tick')).sql).toBe(
      "(case when owns then 'owner' when granted then 'recipient' end)",
    );
    expect(dialect.sqlToQuery(actingKindSql(reach, 'delete')).sql).toBe("(case when owns then 'owner' end)");
    // Only a recipient cookie came: the owner cannot be acting.
    expect(dialect.sqlToQuery(actingKindSql({ owner: null, recipient: sql`granted` }, 'tick')).sql).toBe(
      "(case when granted then 'recipient' end)",
    );
    expect(dialect.sqlToQuery(actingKindSql({ owner: null, recipient: sql`granted` }, 'edit')).sql).toBe(
      'null',
    );
  });
});

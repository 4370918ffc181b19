import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import type { Checklist } from '#domain/checklist';
import { setManualTier } from '#server/services/billing-state';
import { createChecklist, errorOf, type Owner, signInOwner, tick } from '#tests/support/checklists';
import { setupTestApp, uniqueEmail } from '#tests/support/test-app';

/**
 * 'Done when a Professional team of 10 works together end to end in local mode' (issue 29): the owner
 * and nine colleagues who joined from their e-mails each tick a task of one checklist; the seats are
 * full, the trail and the PDF report name every one of them, and an eleventh person is refused.
 */

const t = setupTestApp();

async function joinToken(address: string): Promise<string> {
  const outbox = (await t.app.inject({ method: 'GET', url: '/api/dev/outbox' })).json();
  const message = (outbox.messages as { to: string; text: string }[]).find((m) => m.to === address);
  const token = /\/join\/([A-Za-z0-9_-]+)/.exec(message?.text ?? '')?.[1];
  if (!token) throw new Error(`no invitation e-mailed to ${address}`);
  return token;
}

describe('a Professional team of ten', () => {
  it('ten people work on one checklist; every one is named in the trail and the report', async () => {
    const ownerEmail = uniqueEmail('ten-owner');
    const owner = await signInOwner(t.app, 'ten-owner', ownerEmail);
    expect(await setManualTier(t.db, ownerEmail, 'professional')).not.toBeNull();
    const checklist: Checklist = await createChecklist(owner, { name: 'Ten-person turnover' }, 10);

    const people: Owner[] = [owner];
    for (let i = 1; i <= 9; i += 1) {
      const email = uniqueEmail(`colleague${i}`);
      const sent = await owner.call('POST', '/api/team/invitations', {
        email,
        role: i === 1 ? 'admin' : 'member',
      });
      expect(sent.statusCode, `invitation ${i}`).toBe(201);
      const colleague = await signInOwner(t.app, `colleague${i}`, email);
      const joined = await colleague.call('POST', '/api/team/join', { token: await joinToken(email) });
      expect(joined.statusCode, `join ${i}`).toBe(200);
      people.push(colleague);
    }
    const team = (await owner.call('GET', '/api/team')).json();
    expect(team.team.seats).toEqual({ used: 10, limit: 10 });
    expect(team.members).toHaveLength(10);
    const eleventh = await owner.call('POST', '/api/team/invitations', {
      email: uniqueEmail('eleventh'),
      role: 'member',
    });
    expect(eleventh.statusCode).toBe(403);
    expect(errorOf(eleventh)).toMatchObject({ code: 'plan_limit_reached', limit: 10 });

    for (const [index, person] of people.entries()) {
      expect((await tick(person, checklist, index)).statusCode, `tick by person ${index}`).toBe(200);
    }
    const done = (await owner.call('GET', `/api/checklists/${checklist.id}`)).json();
    expect(done.progress).toBe(100);

    const trail = (await owner.call('GET', `/api/checklists/${checklist.id}/activity?limit=50`)).json()
      .entries;
    const names = trail
      .filter((entry: { action: string }) => entry.action === 'task_completed')
      .map((entry: { actor: { name: string } }) => entry.actor.name);
    expect(new Set(names)).toEqual(
      new Set(['ten-owner person', ...Array.from({ length: 9 }, (_, i) => `colleague${i + 1} person`)]),
    );

    const report = await owner.call('GET', `/api/checklists/${checklist.id}/report.pdf`);
    expect(report.statusCode).toBe(200);
    const text = execFileSync('pdftotext', ['-layout', '-', '-'], { input: report.rawPayload }).toString(
      'utf8',
    );
    for (let i = 1; i <= 9; i += 1) expect(text).toContain(`colleague${i} person`);
  });
});

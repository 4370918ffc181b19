import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { Checklist, ChecklistSummary } from '#domain/checklist';
import { REALTIME_CLOSE } from '#domain/realtime';
import { TEAM_MESSAGES, type TeamInvitation, type TeamResponse } from '#domain/teams';
import { billingCustomers, teamInvitations } from '#server/db/schema/index';
import { setManualTier } from '#server/services/billing-state';
import { createChecklist, errorOf, type Owner, signInOwner, tick } from '#tests/support/checklists';
import { closeAll, openSocket, subscribedSocket } from '#tests/support/realtime';
import { setupTestApp, uniqueEmail } from '#tests/support/test-app';

/**
 * Teams (docs/teams.md): invitations by e-mail with a single-use link, seats per plan, roles, removal,
 * and the checklists a team shares. Every call goes through the HTTP API as the web client makes it.
 */

const t = setupTestApp();

interface OutboxMessage {
  to: string;
  subject: string;
  text: string;
}

async function lastEmailTo(address: string): Promise<OutboxMessage> {
  const response = await t.app.inject({ method: 'GET', url: '/api/dev/outbox' });
  const message = (response.json().messages as OutboxMessage[]).find((m) => m.to === address);
  if (!message) throw new Error(`no e-mail to ${address}`);
  return message;
}

/** The token of the /join/{token} link in the last invitation e-mailed to this address. */
async function joinTokenFor(address: string): Promise<string> {
  const match = /\/join\/([A-Za-z0-9_-]+)/.exec((await lastEmailTo(address)).text);
  if (!match?.[1]) throw new Error('no join link in the e-mail');
  return match[1];
}

async function professionalOwner(label: string): Promise<Owner & { email: string }> {
  const email = uniqueEmail(label);
  const owner = await signInOwner(t.app, label, email);
  expect(await setManualTier(t.db, email, 'professional')).not.toBeNull();
  return { ...owner, email };
}

async function invite(owner: Owner, email: string, role: 'admin' | 'member' = 'member') {
  return owner.call('POST', '/api/team/invitations', { email, role });
}

/** A colleague invited by `owner` who signed in with the invited address and joined. */
async function joinedColleague(owner: Owner, label: string, role: 'admin' | 'member' = 'member') {
  const email = uniqueEmail(label);
  expect((await invite(owner, email, role)).statusCode).toBe(201);
  const colleague = await signInOwner(t.app, label, email);
  const joined = await colleague.call('POST', '/api/team/join', { token: await joinTokenFor(email) });
  expect(joined.statusCode).toBe(200);
  return { ...colleague, email };
}

async function teamOf(owner: Owner): Promise<TeamResponse> {
  const response = await owner.call('GET', '/api/team');
  expect(response.statusCode).toBe(200);
  return response.json();
}

describe('a team for everyone', () => {
  it('a new owner has a team of their own, named after them, on the free plan with one seat', async () => {
    const owner = await signInOwner(t.app, 'solo');
    const team = await teamOf(owner);
    expect(team.myRole).toBe('owner');
    expect(team.team.name).toBe("solo person's team");
    expect(team.team.tier).toBe('free');
    expect(team.team.seats).toEqual({ used: 1, limit: 1 });
    expect(team.team.storage).toEqual({ usedBytes: 0, limitBytes: 1024 ** 3 });
    expect(team.members.map((m) => [m.uid, m.role])).toEqual([[owner.uid, 'owner']]);
    const teams = (await owner.call('GET', '/api/teams')).json().teams;
    expect(teams).toEqual([
      { id: team.team.id, name: team.team.name, tier: 'free', role: 'owner', active: true },
    ]);
  });

  it('answers 401 to nobody', async () => {
    for (const [method, url] of [
      ['GET', '/api/team'],
      ['GET', '/api/teams'],
      ['POST', '/api/team/invitations'],
      ['DELETE', '/api/team/members/u1'],
    ] as const) {
      const response = await t.app.inject({ method, url, payload: method === 'GET' ? undefined : {} });
      expect(response.statusCode, url).toBe(401);
    }
  });
});

describe('invitations', () => {
  it('a free team cannot invite: its one seat is taken (403 plan_limit_reached, limit 1)', async () => {
    const owner = await signInOwner(t.app, 'free-owner');
    const response = await invite(owner, uniqueEmail('friend'));
    expect(response.statusCode).toBe(403);
    expect(errorOf(response)).toMatchObject({
      code: 'plan_limit_reached',
      limit: 1,
      message: TEAM_MESSAGES.seatLimitReached(1),
    });
  });

  it('e-mails a single-use link; the invited address joins with the role; the link then answers 410', async () => {
    const owner = await professionalOwner('pro-owner');
    const email = uniqueEmail('colleague');
    const sent = await invite(owner, email, 'admin');
    expect(sent.statusCode).toBe(201);
    const invitation: TeamInvitation = sent.json().invitation;
    expect(invitation).toMatchObject({ email, role: 'admin' });
    const days = (Date.parse(invitation.expiresAt) - Date.parse(invitation.createdAt)) / 86_400_000;
    expect(days).toBe(7);

    const message = await lastEmailTo(email);
    expect(message.subject).toContain('invited you');
    const token = await joinTokenFor(email);
    expect(token).toMatch(/^[A-Za-z0-9_-]{22}$/);
    // Only the hash is stored.
    const [row] = await t.db.select().from(teamInvitations).where(eq(teamInvitations.id, invitation.id));
    expect(row?.tokenHash).not.toContain(token);

    const preview = await t.app.inject({ method: 'GET', url: `/api/team/join/${token}` });
    expect(preview.statusCode).toBe(200);
    expect(preview.json().invitation).toMatchObject({ email, role: 'admin', state: 'pending' });

    const seats = (await teamOf(owner)).team.seats;
    expect(seats).toEqual({ used: 2, limit: 10 });

    const colleague = await signInOwner(t.app, 'colleague', email);
    const joined = await colleague.call('POST', '/api/team/join', { token });
    expect(joined.statusCode).toBe(200);
    const active = joined.json().teams.find((team: { active: boolean }) => team.active);
    expect(active).toMatchObject({ role: 'admin' });
    const team = await teamOf(colleague);
    expect(team.myRole).toBe('admin');
    expect(team.members.map((m) => m.role)).toEqual(['owner', 'admin']);
    expect(team.invitations).toEqual([]);

    const again = await colleague.call('POST', '/api/team/join', { token });
    expect(again.statusCode).toBe(410);
    expect(errorOf(again).code).toBe('invitation_expired');
    const used = await t.app.inject({ method: 'GET', url: `/api/team/join/${token}` });
    expect(used.json().invitation.state).toBe('used');
  });

  it('another address is refused with 403 invitation_email_mismatch naming the invited one', async () => {
    const owner = await professionalOwner('mismatch-owner');
    const email = uniqueEmail('invited');
    await invite(owner, email);
    const stranger = await signInOwner(t.app, 'stranger');
    const response = await stranger.call('POST', '/api/team/join', { token: await joinTokenFor(email) });
    expect(response.statusCode).toBe(403);
    expect(errorOf(response)).toMatchObject({ code: 'invitation_email_mismatch', invitedEmail: email });
    expect((await teamOf(owner)).members).toHaveLength(1);
  });

  it('an expired link answers 410 and frees its seat; a withdrawn one too', async () => {
    const owner = await professionalOwner('expiry-owner');
    const email = uniqueEmail('late');
    const invitation: TeamInvitation = (await invite(owner, email)).json().invitation;
    const token = await joinTokenFor(email);
    await t.db
      .update(teamInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(teamInvitations.id, invitation.id));
    // Listed still (the Team page offers to resend it), but it takes no seat.
    const listed = await teamOf(owner);
    expect(listed.team.seats.used).toBe(1);
    expect(listed.invitations.map((open) => open.id)).toEqual([invitation.id]);
    const late = await signInOwner(t.app, 'late', email);
    const response = await late.call('POST', '/api/team/join', { token });
    expect(response.statusCode).toBe(410);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/team/join/${token}` })).json().invitation.state,
    ).toBe('expired');

    // Invited again: a new link; withdrawn: that one is dead too.
    const second: TeamInvitation = (await invite(owner, email)).json().invitation;
    const secondToken = await joinTokenFor(email);
    expect((await owner.call('DELETE', `/api/team/invitations/${second.id}`)).statusCode).toBe(204);
    expect((await late.call('POST', '/api/team/join', { token: secondToken })).statusCode).toBe(410);
    expect((await teamOf(owner)).invitations).toEqual([]);
  });

  it('resend gives a new link and kills the old one', async () => {
    const owner = await professionalOwner('resend-owner');
    const email = uniqueEmail('resent');
    const invitation: TeamInvitation = (await invite(owner, email)).json().invitation;
    const first = await joinTokenFor(email);
    const resent = await owner.call('POST', `/api/team/invitations/${invitation.id}/resend`);
    expect(resent.statusCode).toBe(200);
    const second = await joinTokenFor(email);
    expect(second).not.toBe(first);
    expect((await t.app.inject({ method: 'GET', url: `/api/team/join/${first}` })).statusCode).toBe(404);
    const person = await signInOwner(t.app, 'resent', email);
    expect((await person.call('POST', '/api/team/join', { token: second })).statusCode).toBe(200);
  });

  it("is written in the inviter's language, as it is when the e-mail is sent", async () => {
    const owner = await professionalOwner('spanish-owner');
    const language = await owner.call('PUT', `/api/user/${owner.uid}/language`, { language: 'es' });
    expect(language.statusCode).toBe(200);
    const teamName = (await teamOf(owner)).team.name;
    const email = uniqueEmail('invitado');
    const invitation: TeamInvitation = (await invite(owner, email)).json().invitation;
    const spanish = await lastEmailTo(email);
    expect(spanish.subject).toMatch(/ le ha invitado al equipo “.+” en /);
    expect(spanish.subject).toContain(teamName);
    expect(spanish.text).toContain('con el rol de miembro');
    expect(spanish.text).toContain(`Unirse al equipo “${teamName}”: `);

    await owner.call('PUT', `/api/user/${owner.uid}/language`, { language: 'de' });
    await owner.call('POST', `/api/team/invitations/${invitation.id}/resend`);
    expect((await lastEmailTo(email)).subject).toContain(`hat Sie zum Team „${teamName}“`);
  });

  it('refuses bad input, a member already in, and a second pending invitation', async () => {
    const owner = await professionalOwner('bad-input-owner');
    expect((await invite(owner, 'not an address')).statusCode).toBe(400);
    const badRole = await owner.call('POST', '/api/team/invitations', {
      email: uniqueEmail('x'),
      role: 'owner',
    });
    expect(badRole.statusCode).toBe(400);
    const self = await invite(owner, owner.email);
    expect(self.statusCode).toBe(400);
    expect(errorOf(self).message).toBe(TEAM_MESSAGES.alreadyMember);
    const email = uniqueEmail('twice');
    expect((await invite(owner, email)).statusCode).toBe(201);
    const twice = await invite(owner, email);
    expect(twice.statusCode).toBe(400);
    expect(errorOf(twice).message).toBe(TEAM_MESSAGES.alreadyInvited);
    const unknown = await t.app.inject({ method: 'GET', url: '/api/team/join/AAAAAAAAAAAAAAAAAAAAAA' });
    expect(unknown.statusCode).toBe(404);
  });

  it('pending invitations take seats: the eleventh person of a professional team is refused', async () => {
    const owner = await professionalOwner('full-owner');
    for (let i = 0; i < 9; i += 1)
      expect((await invite(owner, uniqueEmail(`seat${i}`))).statusCode).toBe(201);
    const over = await invite(owner, uniqueEmail('eleventh'));
    expect(over.statusCode).toBe(403);
    expect(errorOf(over)).toMatchObject({ code: 'plan_limit_reached', limit: 10 });
  });

  it('a downgrade over the limit removes nobody; new invitations are refused', async () => {
    const owner = await professionalOwner('downgrade-owner');
    await joinedColleague(owner, 'stays');
    expect(await setManualTier(t.db, owner.email, 'free')).not.toBeNull();
    const team = await teamOf(owner);
    expect(team.team.seats).toEqual({ used: 2, limit: 1 });
    expect(team.members).toHaveLength(2);
    expect((await invite(owner, uniqueEmail('more'))).statusCode).toBe(403);
  });
});

describe('roles', () => {
  it('a member cannot invite, change roles or remove anyone (403 forbidden); an admin can', async () => {
    const owner = await professionalOwner('roles-owner');
    const admin = await joinedColleague(owner, 'admin', 'admin');
    const member = await joinedColleague(owner, 'member');
    for (const response of [
      await invite(member, uniqueEmail('nope')),
      await member.call('PATCH', `/api/team/members/${admin.uid}`, { role: 'member' }),
      await member.call('DELETE', `/api/team/members/${admin.uid}`),
    ]) {
      expect(response.statusCode).toBe(403);
      expect(errorOf(response).code).toBe('forbidden');
    }
    expect((await invite(admin, uniqueEmail('by-admin'))).statusCode).toBe(201);
    const promoted = await admin.call('PATCH', `/api/team/members/${member.uid}`, { role: 'admin' });
    expect(promoted.statusCode).toBe(200);
    // Only the owner hands ownership over, and nobody removes the owner.
    expect((await admin.call('PATCH', `/api/team/members/${admin.uid}`, { role: 'owner' })).statusCode).toBe(
      403,
    );
    expect((await admin.call('DELETE', `/api/team/members/${owner.uid}`)).statusCode).toBe(403);
  });

  it('the owner cannot leave until they hand ownership over; then they are an admin and may leave', async () => {
    const owner = await professionalOwner('handover-owner');
    const next = await joinedColleague(owner, 'next-owner');
    const leave = await owner.call('DELETE', `/api/team/members/${owner.uid}`);
    expect(leave.statusCode).toBe(403);
    expect(errorOf(leave).message).toBe(TEAM_MESSAGES.ownerCannotLeave);
    const handed = await owner.call('PATCH', `/api/team/members/${next.uid}`, { role: 'owner' });
    expect(handed.statusCode).toBe(200);
    expect(handed.json().myRole).toBe('admin');
    expect((await teamOf(next)).myRole).toBe('owner');
    // Billing is the owner's now: the old owner is refused the portal.
    const portal = await owner.call('POST', '/api/billing/portal');
    expect(portal.statusCode).toBe(403);
    expect((await owner.call('DELETE', `/api/team/members/${owner.uid}`)).statusCode).toBe(204);
    // Left with no team of theirs: they get a new one, and the dashboard works.
    const mine = (await owner.call('GET', '/api/teams')).json().teams;
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ role: 'owner', active: true });
  });

  it('the plan card is the team’s for everyone in it; only the owner is offered billing', async () => {
    const owner = await professionalOwner('plan-owner');
    const admin = await joinedColleague(owner, 'plan-admin', 'admin');
    const member = await joinedColleague(owner, 'plan-member');
    await createChecklist(owner);
    await createChecklist(member);
    await t.db
      .insert(billingCustomers)
      .values({ teamId: (await teamOf(owner)).team.id, customerId: 'cus_plan' });
    const planOf = async (who: Owner) => {
      const response = await who.call('GET', `/api/user/${who.uid}/subscription`);
      expect(response.statusCode).toBe(200);
      return response.json();
    };
    const seen = { tier: 'professional', usage: { listSyncCount: 2 }, limits: { maxLists: 100 } };
    expect(await planOf(owner)).toMatchObject({ ...seen, canManageBilling: true });
    expect(await planOf(admin)).toMatchObject({ ...seen, canManageBilling: false });
    expect(await planOf(member)).toMatchObject({ ...seen, canManageBilling: false });
    // Someone else's plan is not theirs to read.
    const other = await member.call('GET', `/api/user/${owner.uid}/subscription`);
    expect(other.statusCode).toBe(403);
  });
});

describe('working together', () => {
  it('members share the team checklists: who made each, a colleague ticks, assignment names a member', async () => {
    const owner = await professionalOwner('work-owner');
    const member = await joinedColleague(owner, 'worker');
    const checklist = await createChecklist(owner, { name: 'Harbour flat' });
    const list: ChecklistSummary[] = (
      await member.call('GET', `/api/checklists?userId=${member.uid}`)
    ).json();
    expect(list.map((row) => row.id)).toEqual([checklist.id]);
    expect(list[0]?.createdBy).toEqual({ uid: owner.uid, displayName: 'work-owner person' });
    expect((await tick(member, checklist, 0)).statusCode).toBe(200);
    expect(
      (await owner.call('PATCH', `/api/checklists/${checklist.id}`, { remarks: 'Keys in the box' }))
        .statusCode,
    ).toBe(200);
    // The trail (and the report, made from it) names the member who acted, not the checklist's maker.
    const trail = (await owner.call('GET', `/api/checklists/${checklist.id}/activity`)).json().entries;
    expect(
      trail.map((entry: { action: string; actor: { kind: string; name: string } }) => [
        entry.action,
        entry.actor,
      ]),
    ).toEqual([
      ['remarks_changed', { kind: 'owner', name: 'work-owner person' }],
      ['task_completed', { kind: 'owner', name: 'worker person' }],
    ]);
    const byMember = await createChecklist(member, { name: 'Made by the member' });
    const ownersList: ChecklistSummary[] = (await owner.call('GET', '/api/checklists')).json();
    expect(ownersList.map((row) => row.id)).toEqual([byMember.id, checklist.id]);
  });

  it('a member assigns a colleague, who is told in the app; a stranger cannot be assigned', async () => {
    const owner = await professionalOwner('assign-owner');
    const member = await joinedColleague(owner, 'assignee');
    const checklist = await createChecklist(owner, { name: 'Villa turnover' });
    const assigned = await owner.call('PATCH', `/api/checklists/${checklist.id}`, {
      assigneeUid: member.uid,
    });
    expect(assigned.statusCode).toBe(200);
    expect(assigned.json().assignee).toEqual({ uid: member.uid, displayName: 'assignee person' });
    expect(assigned.json().version).toBe(checklist.version);
    const told = (await member.call('GET', '/api/notifications')).json();
    expect(told.notifications[0]).toMatchObject({
      kind: 'assigned',
      checklistId: checklist.id,
      checklistName: 'Villa turnover',
      by: 'assign-owner person',
    });
    const listed: ChecklistSummary[] = (await member.call('GET', '/api/checklists')).json();
    expect(listed[0]?.assignee?.uid).toBe(member.uid);

    const stranger = await signInOwner(t.app, 'not-in-team');
    const refused = await owner.call('PATCH', `/api/checklists/${checklist.id}`, {
      assigneeUid: stranger.uid,
    });
    expect(refused.statusCode).toBe(400);
    expect(errorOf(refused).message).toBe(TEAM_MESSAGES.assigneeNotMember);
    const empty = await owner.call('PATCH', `/api/checklists/${checklist.id}`, {});
    expect(empty.statusCode).toBe(400);
    const cleared = await member.call('PATCH', `/api/checklists/${checklist.id}`, { assigneeUid: null });
    expect(cleared.json().assignee).toBeNull();
    // Someone removed from the team is no longer anyone's assignee.
    await owner.call('PATCH', `/api/checklists/${checklist.id}`, { assigneeUid: member.uid });
    await owner.call('DELETE', `/api/team/members/${member.uid}`);
    expect((await owner.call('GET', `/api/checklists/${checklist.id}`)).json().assignee).toBeNull();
  });

  it('a member of team A gets 404 on every route of team B’s checklists, as for one that does not exist', async () => {
    const ownerA = await professionalOwner('team-a');
    const memberA = await joinedColleague(ownerA, 'team-a-member');
    const b = await professionalOwner('team-b');
    const bChecklist: Checklist = await createChecklist(b, { name: 'B only' });
    const routesOf = (
      id: string,
      taskId: string,
    ): [string, 'GET' | 'PUT' | 'PATCH' | 'POST' | 'DELETE', string, unknown?][] => [
      ['read', 'GET', `/api/checklists/${id}`],
      [
        'edit',
        'PUT',
        `/api/checklists/${id}`,
        { name: 'Taken', tasks: [{ id: taskId, description: 'x' }], version: 1 },
      ],
      ['remarks', 'PATCH', `/api/checklists/${id}`, { remarks: 'x' }],
      ['assign', 'PATCH', `/api/checklists/${id}`, { assigneeUid: memberA.uid }],
      ['tick', 'PATCH', `/api/checklists/${id}/tasks/${taskId}`, { completed: true }],
      ['submit', 'POST', `/api/checklists/${id}/submit`, {}],
      ['duplicate', 'POST', `/api/checklists/${id}/duplicate`, {}],
      ['template', 'POST', '/api/templates', { fromChecklistId: id }],
      ['trail', 'GET', `/api/checklists/${id}/activity`],
      ['report', 'GET', `/api/checklists/${id}/report.pdf`],
      ['shares', 'GET', `/api/checklists/${id}/shares`],
      [
        'share',
        'POST',
        '/api/verification/send',
        { checklistId: id, recipientName: 'X', email: uniqueEmail('x'), consent: true },
      ],
      ['delete', 'DELETE', `/api/checklists/${id}`],
    ];
    const taskId = bChecklist.tasks[0]?.id ?? '';
    const missing = routesOf('checklist_doesnotexist', taskId);
    for (const person of [ownerA, memberA]) {
      for (const [index, [label, method, url, body]] of routesOf(bChecklist.id, taskId).entries()) {
        const response = await person.call(method, url, body);
        expect(response.statusCode, label).toBe(404);
        const absent = missing[index];
        if (!absent) throw new Error('routes differ');
        const forMissing = await person.call(absent[1], absent[2], absent[3]);
        expect(errorOf(response), label).toEqual(errorOf(forMissing));
      }
    }
    const socket = await openSocket(t.app, { cookie: memberA.cookie });
    socket.send({ type: 'subscribe', checklistId: bChecklist.id });
    expect(await socket.next('error')).toMatchObject({ checklistId: bChecklist.id });
    closeAll(socket);
    // Team B's checklist is as it was, and team A's list does not show it.
    expect((await b.call('GET', `/api/checklists/${bChecklist.id}`)).json()).toEqual(bChecklist);
    expect((await memberA.call('GET', '/api/checklists')).json()).toEqual([]);
  });

  it('a removed member loses access on the next request (404 saying why); what they made stays', async () => {
    const owner = await professionalOwner('removal-owner');
    const member = await joinedColleague(owner, 'removed');
    const theirs = await createChecklist(member, { name: 'Made before removal' });
    expect((await owner.call('DELETE', `/api/team/members/${member.uid}`)).statusCode).toBe(204);
    const refused = await member.call('GET', `/api/checklists/${theirs.id}`);
    expect(refused.statusCode).toBe(404);
    expect(errorOf(refused).message).toBe(TEAM_MESSAGES.removedFromTeam);
    const ticked = await tick(member, theirs, 0);
    expect(ticked.statusCode).toBe(404);
    expect(errorOf(ticked).message).toBe(TEAM_MESSAGES.removedFromTeam);
    expect((await owner.call('GET', `/api/checklists/${theirs.id}`)).statusCode).toBe(200);
    // Their own team is theirs again.
    expect((await member.call('GET', '/api/checklists')).json()).toEqual([]);
  });

  it('realtime: a colleague’s tick reaches the owner live; a removed member’s socket is closed at once', async () => {
    const owner = await professionalOwner('live-owner');
    const member = await joinedColleague(owner, 'live-member');
    const checklist = await createChecklist(owner, { name: 'Live turnover' });
    const ownerSocket = await subscribedSocket(t.app, checklist.id, { cookie: owner.cookie });
    const memberSocket = await subscribedSocket(t.app, checklist.id, { cookie: member.cookie });
    expect((await tick(member, checklist, 0)).statusCode).toBe(200);
    const update = await ownerSocket.next('update', (m) => m.data.checklist.tasks[0]?.completed === true);
    expect(update.checklistId).toBe(checklist.id);

    expect((await owner.call('DELETE', `/api/team/members/${member.uid}`)).statusCode).toBe(204);
    expect((await memberSocket.closed).code).toBe(REALTIME_CLOSE.goingAway);
    // The owner's own socket stays open and keeps following.
    expect((await tick(owner, checklist, 1)).statusCode).toBe(200);
    await ownerSocket.next('update', (m) => m.data.checklist.tasks[1]?.completed === true);
    // Reconnected, the removed member may not follow the checklist any more.
    const again = await openSocket(t.app, { cookie: member.cookie });
    again.send({ type: 'subscribe', checklistId: checklist.id });
    const refused = await again.next('error');
    expect(refused).toMatchObject({ checklistId: checklist.id });
    closeAll(ownerSocket, again);
  });

  it('only the owner pays: an admin is refused checkout (403 forbidden)', async () => {
    const owner = await professionalOwner('billing-owner');
    const admin = await joinedColleague(owner, 'billing-admin', 'admin');
    const response = await admin.call('POST', '/api/create-subscription', { tier: 'enterprise' });
    expect(response.statusCode).toBe(403);
    expect(errorOf(response).message).toBe(TEAM_MESSAGES.billingOwnerOnly);
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import { TEAM_MESSAGES, type TeamResponse } from '#domain/teams';
import { act, fireEvent, screen, waitFor, within } from '#tests/support/preact-testing-library';
import {
  errorAnswer,
  fakeTeamApi,
  INVITED,
  RIA,
  renderInApp,
  SAM,
  teamAnswer,
} from '#tests/support/teams-web';
import { jsonResponse, mockFetchEachTest, writePublicConfig } from '#tests/support/web-components';
import TeamPage from './team.tsx';

/** The Team page (/settings/team) against the teams contract's answers, fetch mocked at the network edge. */

const fetchMock = mockFetchEachTest();
beforeAll(() => writePublicConfig({ siteName: 'ListSync' }));

function openTeamPage(team: TeamResponse) {
  const api = fakeTeamApi(fetchMock);
  api.answers['GET /api/team'] = () => jsonResponse(200, team);
  const view = renderInApp(<TeamPage />, '/settings/team');
  return { api, ...view };
}

const memberRow = (name: string) =>
  screen.getAllByTestId('member').find((row) => row.textContent?.includes(name)) as HTMLElement;

async function confirmWith(label: string) {
  const dialog = await screen.findByRole('alertdialog');
  await act(async () => {
    fireEvent.click(within(dialog).getByRole('button', { name: label }));
  });
  return dialog;
}

describe('the Team page, as the owner', () => {
  it("shows the team's name, plan, seats, storage, members and pending invitations", async () => {
    openTeamPage(teamAnswer());
    expect(await screen.findByRole('heading', { level: 1, name: 'Harbour Cleaning' })).toBeTruthy();
    expect(screen.getByTestId('team-plan').textContent).toBe('Pro plan');
    expect(screen.getByText(/You are the owner/)).toBeTruthy();
    expect(screen.getByTestId('team-seats').textContent).toBe('4 of 10');
    expect(screen.getByTestId('team-storage-value').textContent).toBe('1.3 GB of 50 GB');
    expect(screen.getByRole('progressbar', { name: 'Seats' }).getAttribute('aria-valuenow')).toBe('40');

    const members = within(screen.getByRole('list', { name: 'Members' })).getAllByRole('listitem');
    expect(members.map((row) => row.querySelector('bdi')?.textContent)).toEqual([
      'Ann Lee',
      'Sam Ortiz',
      'Ria Khan',
    ]);
    expect(members[0]?.textContent).toContain('(you)');
    expect(members[0]?.textContent).toContain('Joined Jan 2, 2026');
    expect(within(members[0] as HTMLElement).getByTestId('role-badge').textContent).toBe('Owner');
    expect(members[1]?.textContent).not.toContain('(you)');
    expect(members[1]?.textContent).toContain('sam.ortiz@example.com');

    const invitation = screen.getByTestId('invitation');
    expect(invitation.textContent).toContain('lee.park@example.com');
    expect(invitation.textContent).toContain('Sent May 1, 2026');
    expect(invitation.textContent).toMatch(/Expires \w{3} \d+, \d{4}/);
    expect(
      within(invitation).getByRole('button', { name: 'Resend the invitation to lee.park@example.com' }),
    ).toBeTruthy();
    expect(
      within(invitation).getByRole('button', { name: 'Withdraw the invitation to lee.park@example.com' }),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Invite member' })).toBeTruthy();
  });

  it('changes a role with the select, and the page shows the answer', async () => {
    const { api } = openTeamPage(teamAnswer());
    const changed = teamAnswer();
    changed.members = changed.members.map((m) => (m.uid === RIA.uid ? { ...m, role: 'admin' } : m));
    api.answers['PATCH /api/team/members/u-ria'] = () => jsonResponse(200, changed);
    const select = await screen.findByRole('combobox', { name: 'Role of Ria Khan' });
    expect((select as HTMLSelectElement).value).toBe('member');
    await act(async () => {
      fireEvent.change(select, { target: { value: 'admin' } });
    });
    await screen.findByText('Ria Khan is now an admin.');
    expect(api.requests.at(-1)).toEqual({
      method: 'PATCH',
      url: '/api/team/members/u-ria',
      body: { role: 'admin' },
    });
    expect((screen.getByRole('combobox', { name: 'Role of Ria Khan' }) as HTMLSelectElement).value).toBe(
      'admin',
    );
    // Nobody changes their own role or the owner's here.
    expect(screen.queryByRole('combobox', { name: 'Role of Ann Lee' })).toBeNull();
  });

  it('hands ownership over after a confirmation that says the owner becomes an admin', async () => {
    const { api } = openTeamPage(teamAnswer());
    const after = teamAnswer({ myRole: 'admin' });
    after.members = [
      { ...SAM, role: 'owner' },
      {
        uid: 'u-ann',
        email: 'ann.lee@example.com',
        displayName: 'Ann Lee',
        role: 'admin',
        joinedAt: '2026-01-02T10:00:00.000Z',
      },
      RIA,
    ];
    api.answers['PATCH /api/team/members/u-sam'] = () => jsonResponse(200, after);
    fireEvent.click(await screen.findByRole('button', { name: 'Make owner: Sam Ortiz' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Make Sam Ortiz the owner?' });
    expect(dialog.textContent).toContain('You will become an admin');
    expect(api.requests.some((r) => r.method === 'PATCH')).toBe(false);
    await confirmWith('Make owner');
    await screen.findByText('Sam Ortiz is now the owner. You are an admin.');
    expect(api.requests.at(-1)?.body).toEqual({ role: 'owner' });
    // As an admin now: no more 'Make owner', and leaving is allowed.
    await waitFor(() => expect(screen.queryByRole('button', { name: /Make owner/ })).toBeNull());
    expect(screen.getByTestId('team-plan').parentElement?.textContent).toBe('Pro plan · You are an admin');
    expect((screen.getByRole('button', { name: 'Leave team' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('removes a member after asking, and frees the seat', async () => {
    const { api } = openTeamPage(teamAnswer());
    api.answers['DELETE /api/team/members/u-sam'] = () => new Response(null, { status: 204 });
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Sam Ortiz' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove Sam Ortiz?' });
    expect(dialog.textContent).toContain('The checklists they made stay with the team');
    // Cancel does nothing.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(api.requests.some((r) => r.method === 'DELETE')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Remove Sam Ortiz' }));
    await confirmWith('Remove');
    await screen.findByText('Sam Ortiz was removed from the team.');
    expect(screen.queryByText('sam.ortiz@example.com')).toBeNull();
    expect(screen.getByTestId('team-seats').textContent).toBe('3 of 10');
  });

  it('says so when the server refuses a removal (403), and asks for the team again', async () => {
    const { api } = openTeamPage(teamAnswer());
    api.answers['DELETE /api/team/members/u-sam'] = errorAnswer(403, 'forbidden', TEAM_MESSAGES.forbidden);
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Sam Ortiz' }));
    await confirmWith('Remove');
    await screen.findByText('Could not remove the member');
    expect(screen.getByText(TEAM_MESSAGES.forbidden)).toBeTruthy();
    expect(memberRow('Sam Ortiz')).toBeTruthy();
    await waitFor(() => expect(api.requests.filter((r) => r.url === '/api/team').length).toBe(2));
  });

  it('resends an invitation, and withdraws one after asking', async () => {
    const { api } = openTeamPage(teamAnswer());
    const renewed = { ...INVITED, createdAt: new Date().toISOString() };
    api.answers['POST /api/team/invitations/inv-1/resend'] = () => jsonResponse(200, { invitation: renewed });
    api.answers['DELETE /api/team/invitations/inv-1'] = () => new Response(null, { status: 204 });
    fireEvent.click(
      await screen.findByRole('button', { name: 'Resend the invitation to lee.park@example.com' }),
    );
    await screen.findByText('A new link went to lee.park@example.com. The old one no longer works.');

    fireEvent.click(screen.getByRole('button', { name: 'Withdraw the invitation to lee.park@example.com' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Withdraw this invitation?' });
    expect(dialog.textContent).toContain('stops working');
    await confirmWith('Withdraw');
    await screen.findByText('The invitation to lee.park@example.com no longer works.');
    expect(screen.queryByTestId('invitation')).toBeNull();
    expect(screen.getByTestId('no-invitations').textContent).toContain('No pending invitations.');
    expect(screen.getByTestId('team-seats').textContent).toBe('3 of 10');
  });

  it('tells a withdrawal that found nothing (404), and a resend while offline', async () => {
    const { api } = openTeamPage(teamAnswer());
    api.answers['DELETE /api/team/invitations/inv-1'] = errorAnswer(
      404,
      'not_found',
      TEAM_MESSAGES.invitationNotFound,
    );
    api.answers['POST /api/team/invitations/inv-1/resend'] = () => {
      throw new TypeError('Failed to fetch');
    };
    fireEvent.click(
      await screen.findByRole('button', { name: 'Resend the invitation to lee.park@example.com' }),
    );
    await screen.findByText("You're offline. Connect to the internet and try again.");

    fireEvent.click(screen.getByRole('button', { name: 'Withdraw the invitation to lee.park@example.com' }));
    await confirmWith('Withdraw');
    await screen.findByText(TEAM_MESSAGES.invitationNotFound);
    await waitFor(() => expect(api.requests.filter((r) => r.url === '/api/team').length).toBe(2));
  });

  it("keeps 'Leave team' disabled for the owner, with the reason", async () => {
    openTeamPage(teamAnswer());
    const leave = await screen.findByRole('button', { name: 'Leave team' });
    expect((leave as HTMLButtonElement).disabled).toBe(true);
    expect(leave.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(leave.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      TEAM_MESSAGES.ownerCannotLeave,
    );
  });
});

describe('the Team page over the seat limit', () => {
  const over = () =>
    teamAnswer({ team: { tier: 'free', seats: { used: 4, limit: 1 } } as TeamResponse['team'] });

  it('tells the owner, with a way to upgrade', async () => {
    openTeamPage(over());
    const notice = await screen.findByTestId('over-seat-limit');
    expect(notice.textContent).toContain(TEAM_MESSAGES.overSeatLimit(4, 1));
    expect(within(notice).getByRole('link', { name: 'Upgrade plan' }).getAttribute('href')).toBe('/pricing');
  });

  it('tells an admin that only the owner can change the plan', async () => {
    openTeamPage({ ...over(), myRole: 'admin' });
    const notice = await screen.findByTestId('over-seat-limit');
    expect(notice.textContent).toContain(TEAM_MESSAGES.billingOwnerOnly);
    expect(within(notice).queryByRole('link')).toBeNull();
  });

  it('says nothing when the team is within its plan (or has no limit)', async () => {
    openTeamPage(
      teamAnswer({ team: { tier: 'enterprise', seats: { used: 40, limit: null } } as TeamResponse['team'] }),
    );
    expect(await screen.findByTestId('team-seats')).toBeTruthy();
    expect(screen.getByTestId('team-seats').textContent).toBe('40 of Unlimited');
    expect(screen.queryByTestId('over-seat-limit')).toBeNull();
    expect(screen.queryByRole('progressbar', { name: 'Seats' })).toBeNull();
  });
});

describe('the Team page, as a member', () => {
  it('shows the lists read-only, and lets them leave', async () => {
    const { api, location } = openTeamPage(teamAnswer({ myRole: 'member' }));
    await screen.findByRole('heading', { level: 1, name: 'Harbour Cleaning' });
    expect(screen.getByText(/You are a member/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Invite member' })).toBeNull();
    expect(screen.queryAllByRole('combobox')).toEqual([]);
    expect(screen.queryByRole('button', { name: /Remove|Make owner|Resend|Withdraw/ })).toBeNull();
    expect(screen.getAllByTestId('role-badge').map((badge) => badge.textContent)).toEqual([
      'Owner',
      'Admin',
      'Member',
      'Member',
      'Member',
    ]);

    api.answers['DELETE /api/team/members/u-ann'] = () => new Response(null, { status: 204 });
    fireEvent.click(screen.getByRole('button', { name: 'Leave team' }));
    await screen.findByRole('alertdialog', { name: 'Leave Harbour Cleaning?' });
    await confirmWith('Leave team');
    await screen.findByText('You left Harbour Cleaning.');
    expect(location()).toBe('/dashboard');
  });
});

describe('the Team page, loading and failing', () => {
  it('draws a loading frame, then says when the team could not be loaded, and tries again', async () => {
    const api = fakeTeamApi(fetchMock);
    let calls = 0;
    api.answers['GET /api/team'] = () =>
      ++calls === 1
        ? jsonResponse(500, { error: { code: 'internal_error', message: 'Internal server error' } })
        : jsonResponse(200, teamAnswer());
    renderInApp(<TeamPage />, '/settings/team');
    expect(screen.getByTestId('team-loading')).toBeTruthy();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Your team could not be loaded.');
    expect(alert.textContent).toContain('Something went wrong. Please try again.');
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Harbour Cleaning' })).toBeTruthy();
  });

  it('says it is offline when the network is gone', async () => {
    const api = fakeTeamApi(fetchMock);
    api.answers['GET /api/team'] = () => {
      throw new TypeError('Failed to fetch');
    };
    renderInApp(<TeamPage />, '/settings/team');
    expect((await screen.findByRole('alert')).textContent).toContain("You're offline.");
  });
});

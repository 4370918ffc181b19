import { beforeAll, describe, expect, it } from 'vitest';
import { TEAM_MESSAGES, TEAM_ROLE_DESCRIPTIONS, type TeamResponse } from '#domain/teams';
import { act, fireEvent, screen, waitFor, within } from '#tests/support/preact-testing-library';
import { errorAnswer, fakeTeamApi, renderInApp, teamAnswer } from '#tests/support/teams-web';
import { jsonResponse, mockFetchEachTest, writePublicConfig } from '#tests/support/web-components';
import TeamPage from '../team.tsx';

/** 'Invite member' on the Team page, against the teams contract's answers. */

const fetchMock = mockFetchEachTest();
beforeAll(() => writePublicConfig({ siteName: 'ListSync' }));

const FULL_FREE = { tier: 'free', seats: { used: 1, limit: 1 } } as TeamResponse['team'];

async function openDialog(team: TeamResponse = teamAnswer()) {
  const api = fakeTeamApi(fetchMock);
  api.answers['GET /api/team'] = () => jsonResponse(200, team);
  renderInApp(<TeamPage />, '/settings/team');
  fireEvent.click(await screen.findByRole('button', { name: 'Invite member' }));
  const dialog = await screen.findByRole('dialog');
  return { api, dialog };
}

async function send(dialog: HTMLElement, email: string, role?: 'admin' | 'member') {
  fireEvent.change(within(dialog).getByLabelText('E-mail address'), { target: { value: email } });
  if (role) fireEvent.change(within(dialog).getByLabelText('Role'), { target: { value: role } });
  await act(async () => {
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
  });
}

const invitationsPosted = (api: ReturnType<typeof fakeTeamApi>) =>
  api.requests.filter((request) => request.method === 'POST' && request.url === '/api/team/invitations');

describe('the invite dialog', () => {
  it('sends the address and role; the invitation shows in the list and a toast says so', async () => {
    const { api, dialog } = await openDialog(teamAnswer({ invitations: [] }));
    expect(within(dialog).getByRole('heading', { name: 'Invite member' })).toBeTruthy();
    expect(dialog.textContent).toContain(`${TEAM_ROLE_DESCRIPTIONS.member}.`);
    fireEvent.change(within(dialog).getByLabelText('Role'), { target: { value: 'admin' } });
    expect(dialog.textContent).toContain(`${TEAM_ROLE_DESCRIPTIONS.admin}.`);

    api.answers['POST /api/team/invitations'] = (body) => {
      const { email, role } = body as { email: string; role: string };
      return jsonResponse(201, {
        invitation: {
          id: 'inv-9',
          email,
          role,
          createdAt: new Date().toISOString(),
          expiresAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
        },
      });
    };
    await send(dialog, '  Noor.Haddad@Example.com ', 'admin');
    expect(invitationsPosted(api).map((request) => request.body)).toEqual([
      { email: 'noor.haddad@example.com', role: 'admin' },
    ]);
    await screen.findByText('An invitation is on its way to noor.haddad@example.com.');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    const row = screen.getByTestId('invitation');
    expect(row.textContent).toContain('noor.haddad@example.com');
    expect(within(row).getByTestId('role-badge').textContent).toBe('Admin');
    expect(screen.getByTestId('team-seats').textContent).toBe('4 of 10');
  });

  it('checks the address before asking the server', async () => {
    const { api, dialog } = await openDialog();
    await send(dialog, '');
    expect(within(dialog).getByRole('alert').textContent).toBe(
      'Enter the e-mail address of the person to invite.',
    );
    await send(dialog, 'noor@');
    const field = within(dialog).getByLabelText('E-mail address');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Enter a valid e-mail address, like name@example.com.',
    );
    await send(dialog, 'SAM.ortiz@example.com');
    expect(within(dialog).getByRole('alert').textContent).toBe(TEAM_MESSAGES.alreadyMember);
    await send(dialog, 'lee.park@example.com');
    expect(within(dialog).getByRole('alert').textContent).toBe(TEAM_MESSAGES.alreadyInvited);
    // Typing again clears the message.
    fireEvent.change(field, { target: { value: 'lee.park@example.co' } });
    expect(within(dialog).queryByRole('alert')).toBeNull();
    expect(invitationsPosted(api)).toEqual([]);
  });

  it("shows the server's validation message under the field", async () => {
    const { api, dialog } = await openDialog();
    api.answers['POST /api/team/invitations'] = errorAnswer(400, 'validation_failed', 'Invalid input', {
      issues: [{ path: 'email', message: 'This address cannot receive e-mail.' }],
    });
    await send(dialog, 'noor@example.com');
    const field = within(dialog).getByLabelText('E-mail address');
    expect(document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'This address cannot receive e-mail.',
    );
    api.answers['POST /api/team/invitations'] = errorAnswer(
      400,
      'validation_failed',
      TEAM_MESSAGES.alreadyInvited,
    );
    await send(dialog, 'noor2@example.com');
    expect(within(dialog).getByRole('alert').textContent).toBe(TEAM_MESSAGES.alreadyInvited);
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it("switches to the plan's limit on a 403 plan_limit_reached", async () => {
    const { api, dialog } = await openDialog();
    api.answers['POST /api/team/invitations'] = errorAnswer(403, 'plan_limit_reached', 'Seat limit', {
      limit: 10,
    });
    await send(dialog, 'noor@example.com');
    await within(dialog).findByTestId('seat-limit-reached');
    expect(within(dialog).getByText(TEAM_MESSAGES.seatLimitReached(10)).id).toBe(
      dialog.getAttribute('aria-describedby'),
    );
    expect(within(dialog).getByRole('heading', { name: 'Your team is full' })).toBeTruthy();
    expect(within(dialog).getByRole('link', { name: 'Upgrade plan' }).getAttribute('href')).toBe('/pricing');
    expect(within(dialog).queryByLabelText('E-mail address')).toBeNull();
  });

  it('says what failed otherwise: offline, or not allowed (403)', async () => {
    const { api, dialog } = await openDialog();
    api.answers['POST /api/team/invitations'] = () => {
      throw new TypeError('Failed to fetch');
    };
    await send(dialog, 'noor@example.com');
    expect(within(dialog).getByRole('alert').textContent).toBe(
      "You're offline. Connect to the internet and try again.",
    );
    api.answers['POST /api/team/invitations'] = errorAnswer(403, 'forbidden', TEAM_MESSAGES.forbidden);
    await send(dialog, 'noor@example.com');
    expect(within(dialog).getByRole('alert').textContent).toBe(TEAM_MESSAGES.forbidden);
    // The dialog is still there, with what was typed.
    expect((within(dialog).getByLabelText('E-mail address') as HTMLInputElement).value).toBe(
      'noor@example.com',
    );
  });
});

describe('the invite dialog at the seat limit', () => {
  it('says so up front and offers the plan to the owner', async () => {
    const { dialog } = await openDialog(teamAnswer({ invitations: [], team: FULL_FREE }));
    expect(within(dialog).getByTestId('seat-limit-reached')).toBeTruthy();
    expect(
      within(dialog).getByText('Your plan includes 1 user. Upgrade to invite more people.'),
    ).toBeTruthy();
    expect(within(dialog).queryByLabelText('E-mail address')).toBeNull();
    const upgrade = within(dialog).getByRole('link', { name: 'Upgrade plan' });
    expect(upgrade.getAttribute('href')).toBe('/pricing');
  });

  it('tells an admin to ask the owner, with no way to pay', async () => {
    const { dialog } = await openDialog({
      ...teamAnswer({ invitations: [] }),
      myRole: 'admin',
      team: { ...teamAnswer().team, ...FULL_FREE },
    });
    expect(dialog.textContent).toContain('Only the team owner can change the plan. Ask them to upgrade');
    expect(within(dialog).queryByRole('link', { name: 'Upgrade plan' })).toBeNull();
    fireEvent.click(within(dialog).getAllByRole('button', { name: 'Close' }).at(-1) as HTMLElement);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

import { beforeAll, describe, expect, it, vi } from 'vitest';
import { Route } from 'wouter';
import { type InvitationPreview, TEAM_MESSAGES } from '#domain/teams';
import { act, fireEvent, screen, waitFor } from '#tests/support/preact-testing-library';
import { ANN, errorAnswer, fakeTeamApi, renderInApp, TEAMS } from '#tests/support/teams-web';
import { jsonResponse, mockFetchEachTest, writePublicConfig } from '#tests/support/web-components';
import JoinPage from './join.tsx';

/** /join/{token}: an invitation's link, in each of its states, against the teams contract's answers. */

const fetchMock = mockFetchEachTest();
beforeAll(() => writePublicConfig({ siteName: 'ListSync' }));

const TOKEN = 'AbCdEfGhIjKlMnOpQrStUv';
const PREVIEW: InvitationPreview = {
  teamName: 'Harbour Cleaning',
  inviterName: 'Olu Ade',
  email: ANN.email,
  role: 'member',
  state: 'pending',
  expiresAt: '2026-06-08T10:00:00.000Z',
};

function openJoinPage(
  preview: (() => Response) | InvitationPreview,
  { user = ANN }: { user?: typeof ANN | null } = {},
) {
  const api = fakeTeamApi(fetchMock, { user });
  api.answers[`GET /api/team/join/${TOKEN}`] =
    typeof preview === 'function' ? preview : () => jsonResponse(200, { invitation: preview });
  const view = renderInApp(
    <Route path="/join/:token">
      <JoinPage />
    </Route>,
    `/join/${TOKEN}`,
  );
  return { api, ...view };
}

describe('the join page, signed out', () => {
  it('says who invited whom to what, and signs in with the popup', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    openJoinPage(PREVIEW, { user: null });
    expect(await screen.findByRole('heading', { name: 'Join Harbour Cleaning' })).toBeTruthy();
    expect(
      screen.getByText('Olu Ade invited you to join Harbour Cleaning on ListSync as a member.'),
    ).toBeTruthy();
    expect(screen.getByText('Sign in with ann.lee@example.com to accept.')).toBeTruthy();
    expect(screen.getByText('The invitation expires on Jun 8, 2026.')).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Sign in to join' }));
    });
    expect(open).toHaveBeenCalledWith('/api/auth/login', 'listsync-sign-in', expect.any(String));
    // The popup was blocked here: the app's own sign-in toast says so.
    await screen.findByText('Sign-in failed');
    open.mockRestore();
  });

  it('shows a spinner while the invitation loads', async () => {
    let answer: (response: Response) => void = () => undefined;
    openJoinPage(
      () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }) as unknown as Response,
      { user: null },
    );
    expect(await screen.findByRole('status')).toBeTruthy();
    expect(screen.getByText('Opening your invitation…')).toBeTruthy();
    await act(async () => answer(jsonResponse(200, { invitation: PREVIEW })));
    expect(await screen.findByRole('button', { name: 'Sign in to join' })).toBeTruthy();
  });
});

describe('the join page, signed in with the invited address', () => {
  it('joins, says so and opens the dashboard on the new team', async () => {
    const { api, location, client } = openJoinPage({ ...PREVIEW, email: 'Ann.Lee@Example.com' });
    client.setQueryData(['/api/checklists', { userId: ANN.uid }], [{ id: 'old-team-checklist' }]);
    api.answers['POST /api/team/join'] = () =>
      jsonResponse(200, { teams: TEAMS.teams.map((team) => ({ ...team, active: team.id === 'team-2' })) });
    expect(await screen.findByText("You're signed in as ann.lee@example.com.")).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Join Harbour Cleaning' }));
    });
    await screen.findByText('Welcome to Lee Family Rentals. Its checklists are on your dashboard.');
    expect(api.requests.find((request) => request.method === 'POST')).toEqual({
      method: 'POST',
      url: '/api/team/join',
      body: { token: TOKEN },
    });
    expect(location()).toBe('/dashboard');
    // The other team's checklists are gone from the cache.
    expect(client.getQueryData(['/api/checklists', { userId: ANN.uid }])).toBeUndefined();
  });

  it('says the invitation ended when the join answers 410', async () => {
    const { api } = openJoinPage(PREVIEW);
    api.answers['POST /api/team/join'] = errorAnswer(
      410,
      'invitation_expired',
      TEAM_MESSAGES.invitationExpired,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Join Harbour Cleaning' }));
    expect(
      await screen.findByRole('heading', { name: 'This invitation can no longer be used' }),
    ).toBeTruthy();
    expect(screen.getByText(TEAM_MESSAGES.invitationExpired)).toBeTruthy();
    expect(screen.getByText('Ask the person who invited you to send a new invitation.')).toBeTruthy();
  });

  it("shows the server's 403 invitation_email_mismatch with the address it names", async () => {
    const { api } = openJoinPage(PREVIEW);
    api.answers['POST /api/team/join'] = errorAnswer(403, 'invitation_email_mismatch', 'Not yours', {
      invitedEmail: 'ann@harbour.example',
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Join Harbour Cleaning' }));
    expect(
      await screen.findByRole('heading', { name: 'This invitation is for another account' }),
    ).toBeTruthy();
    expect(screen.getByText(TEAM_MESSAGES.emailMismatch('ann@harbour.example'))).toBeTruthy();
  });

  it('keeps the page and says why when joining fails otherwise (offline, session ended)', async () => {
    const { api } = openJoinPage(PREVIEW);
    api.answers['POST /api/team/join'] = () => {
      throw new TypeError('Failed to fetch');
    };
    fireEvent.click(await screen.findByRole('button', { name: 'Join Harbour Cleaning' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      "You're offline. Connect to the internet and try again.",
    );
    api.answers['POST /api/team/join'] = errorAnswer(401, 'unauthenticated', 'Please sign in.');
    fireEvent.click(screen.getByRole('button', { name: 'Join Harbour Cleaning' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe(
        'Your session has ended. Sign in again to continue.',
      ),
    );
    expect(screen.getByRole('button', { name: 'Sign in again' })).toBeTruthy();
  });
});

describe('the join page, signed in with another address', () => {
  it('says which address the invitation is for and which is signed in, and signs out', async () => {
    const { api } = openJoinPage({ ...PREVIEW, email: 'ann@harbour.example' });
    expect(
      await screen.findByRole('heading', { name: 'This invitation is for another account' }),
    ).toBeTruthy();
    expect(screen.getByText(TEAM_MESSAGES.emailMismatch('ann@harbour.example'))).toBeTruthy();
    expect(screen.getByText("You're signed in as ann.lee@example.com.")).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Join/ })).toBeNull();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    });
    // Signed out: the page offers the sign-in, for the invited address.
    expect(await screen.findByRole('button', { name: 'Sign in to join' })).toBeTruthy();
    expect(screen.getByText('Sign in with ann@harbour.example to accept.')).toBeTruthy();
    expect(api.state.user).toBeNull();
  });
});

describe('the join page, with a link that no longer works', () => {
  it('says an unknown link (404) does not work', async () => {
    openJoinPage(errorAnswer(404, 'not_found', TEAM_MESSAGES.invitationNotFound), { user: null });
    expect(await screen.findByRole('heading', { name: "This invitation link doesn't work" })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to ListSync' }).getAttribute('href')).toBe('/');
  });

  it('says a used invitation was used, and an expired one expired', async () => {
    const { unmount } = openJoinPage({ ...PREVIEW, state: 'used' });
    expect(await screen.findByRole('heading', { name: 'This invitation was already used' })).toBeTruthy();
    expect(screen.getByText(/If you already joined Harbour Cleaning/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to your dashboard' }).getAttribute('href')).toBe(
      '/dashboard',
    );
    unmount();
    openJoinPage({ ...PREVIEW, state: 'expired' }, { user: null });
    expect(await screen.findByRole('heading', { name: 'This invitation has expired' })).toBeTruthy();
    expect(screen.getByText('Ask the person who invited you to send a new invitation.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Sign in to join' })).toBeNull();
  });

  it('says a 410 from the link itself ended', async () => {
    openJoinPage(errorAnswer(410, 'invitation_expired', TEAM_MESSAGES.invitationExpired), { user: null });
    expect(await screen.findByRole('heading', { name: 'This invitation has expired' })).toBeTruthy();
  });

  it('offers to try again when the invitation could not be read (offline)', async () => {
    let calls = 0;
    openJoinPage(
      () => {
        calls += 1;
        if (calls === 1) throw new TypeError('Failed to fetch');
        return jsonResponse(200, { invitation: PREVIEW });
      },
      { user: null },
    );
    expect(await screen.findByRole('heading', { name: "We couldn't open your invitation" })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(
      "You're offline. Connect to the internet and try again.",
    );
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('button', { name: 'Sign in to join' })).toBeTruthy();
  });
});

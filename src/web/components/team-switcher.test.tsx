import { beforeAll, describe, expect, it } from 'vitest';
import { TEAM_MESSAGES, type TeamListResponse } from '#domain/teams';
import { act, fireEvent, screen, waitFor, within } from '#tests/support/preact-testing-library';
import { ANN, errorAnswer, fakeTeamApi, renderInApp, TEAMS, teamAnswer } from '#tests/support/teams-web';
import { jsonResponse, mockFetchEachTest, writePublicConfig } from '#tests/support/web-components';
import { TeamSwitcher } from './team-switcher.tsx';

/** The header's team switcher, against the teams contract's answers. */

const fetchMock = mockFetchEachTest();
beforeAll(() => writePublicConfig({ siteName: 'ListSync' }));

function renderSwitcher(teams: TeamListResponse, path = '/dashboard') {
  const api = fakeTeamApi(fetchMock);
  api.answers['GET /api/teams'] = () => jsonResponse(200, teams);
  api.answers['GET /api/team'] = () => jsonResponse(200, teamAnswer());
  return { api, ...renderInApp(<TeamSwitcher />, path) };
}

/** Radix opens its menu on Enter (or a left-button press). */
async function openMenu() {
  const button = await screen.findByRole('button', { name: /^Team: / });
  await act(async () => {
    fireEvent.keyDown(button, { key: 'Enter' });
  });
  return screen.findByRole('menu');
}

describe('the team switcher', () => {
  it("shows the active team's name at once, and its menu when the browser is idle", async () => {
    renderSwitcher(TEAMS);
    expect((await screen.findByTestId('active-team-name')).textContent).toBe('Harbour Cleaning');
    expect(await screen.findByRole('button', { name: 'Team: Harbour Cleaning' })).toBeTruthy();
  });

  it('lists my teams with my role, the active one checked, and switches to another', async () => {
    const { api, client, location } = renderSwitcher(TEAMS, '/checklist/c-1');
    client.setQueryData(['/api/checklists', { userId: ANN.uid }], [{ id: 'c-1' }]);
    client.setQueryData(['/api/checklists', 'c-1'], { id: 'c-1' });
    const switched = { teams: TEAMS.teams.map((team) => ({ ...team, active: team.id === 'team-2' })) };
    api.answers['POST /api/teams/active'] = () => {
      api.answers['GET /api/teams'] = () => jsonResponse(200, switched);
      return jsonResponse(200, switched);
    };

    const menu = await openMenu();
    const options = within(menu).getAllByRole('menuitemradio');
    expect(options.map((option) => option.textContent)).toEqual([
      'Harbour CleaningOwner',
      'Lee Family RentalsMember',
    ]);
    expect(options.map((option) => option.getAttribute('aria-checked'))).toEqual(['true', 'false']);
    await act(async () => {
      fireEvent.click(options[1] as HTMLElement);
    });
    await screen.findByText("You're now working in Lee Family Rentals.");
    expect(api.requests.find((request) => request.method === 'POST')).toEqual({
      method: 'POST',
      url: '/api/teams/active',
      body: { teamId: 'team-2' },
    });
    expect(screen.getByRole('button', { name: 'Team: Lee Family Rentals' })).toBeTruthy();
    // Nothing of the other team stays: its list and checklist are gone, and its checklist page too.
    expect(client.getQueryData(['/api/checklists', { userId: ANN.uid }])).toBeUndefined();
    expect(client.getQueryData(['/api/checklists', 'c-1'])).toBeUndefined();
    expect(location()).toBe('/dashboard');
  });

  it('does nothing when the active team is chosen again', async () => {
    const { api } = renderSwitcher(TEAMS);
    const menu = await openMenu();
    await act(async () => {
      fireEvent.click(within(menu).getAllByRole('menuitemradio')[0] as HTMLElement);
    });
    expect(api.requests.some((request) => request.method === 'POST')).toBe(false);
  });

  it('says so when switching fails, and keeps the team', async () => {
    const { api } = renderSwitcher(TEAMS);
    api.answers['POST /api/teams/active'] = errorAnswer(404, 'not_found', TEAM_MESSAGES.notAMember);
    const menu = await openMenu();
    await act(async () => {
      fireEvent.click(within(menu).getAllByRole('menuitemradio')[1] as HTMLElement);
    });
    await screen.findByText('Could not switch teams');
    expect(screen.getByText(TEAM_MESSAGES.notAMember)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Team: Harbour Cleaning' })).toBeTruthy();
    // My teams are asked again (the one chosen may be gone).
    await waitFor(() =>
      expect(api.requests.filter((request) => request.url === '/api/teams').length).toBe(2),
    );
  });

  it("with one team, names it (no choice) above 'Team settings', which opens the Team page", async () => {
    const { location } = renderSwitcher({ teams: [{ ...(TEAMS.teams[0] as TeamListResponse['teams'][0]) }] });
    const menu = await openMenu();
    expect(within(menu).queryAllByRole('menuitemradio')).toEqual([]);
    expect(menu.textContent).toContain('Your team');
    expect(menu.textContent).toContain('Harbour CleaningOwner');
    await act(async () => {
      fireEvent.click(within(menu).getByRole('menuitem', { name: 'Team settings' }));
    });
    expect(location()).toBe('/settings/team');
  });

  it('draws nothing until my teams are known, or when they cannot be read', async () => {
    const { api } = renderSwitcher(TEAMS);
    api.answers['GET /api/teams'] = () =>
      jsonResponse(500, { error: { code: 'internal_error', message: 'x' } });
    expect(screen.queryByTestId('team-switcher')).toBeNull();
    await waitFor(() => expect(api.requests.some((request) => request.url === '/api/teams')).toBe(true));
    expect(screen.queryByTestId('team-switcher')).toBeNull();
  });
});

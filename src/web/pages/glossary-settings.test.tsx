import { beforeAll, describe, expect, it } from 'vitest';
import type { GlossaryEntry } from '#domain/glossary';
import { act, fireEvent, screen, waitFor, within } from '#tests/support/preact-testing-library';
import { errorAnswer, fakeTeamApi, renderInApp, teamAnswer } from '#tests/support/teams-web';
import { jsonResponse, mockFetchEachTest, writePublicConfig } from '#tests/support/web-components';
import GlossarySettingsPage from './glossary-settings.tsx';

/** /settings/glossary against the glossary API's answers (docs/api.md "Glossary"). */

const fetchMock = mockFetchEachTest();
beforeAll(() => writePublicConfig({ siteName: 'ListSync' }));

const TURNOVER: GlossaryEntry = {
  id: 'gl-1',
  language: 'es',
  source: 'turnover',
  target: 'limpieza de salida',
};
const KEYS: GlossaryEntry = { id: 'gl-2', language: 'fr', source: 'key box', target: 'boîte à clés' };

function api(team = teamAnswer(), entries: GlossaryEntry[] = [TURNOVER, KEYS]) {
  const fake = fakeTeamApi(fetchMock);
  fake.answers['GET /api/team'] = () => jsonResponse(200, team);
  fake.answers['GET /api/glossary'] = () => jsonResponse(200, { entries });
  return fake;
}

async function press(name: string | RegExp, scope: HTMLElement = document.body) {
  const button = await within(scope).findByRole('button', { name });
  await act(async () => {
    fireEvent.click(button);
  });
}

function type(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

describe('the glossary settings', () => {
  it('lists the terms by language, in the languages’ order', async () => {
    api();
    renderInApp(<GlossarySettingsPage />, '/settings/glossary');
    const spanish = await screen.findByRole('region', { name: 'Spanish' });
    expect(within(spanish).getByTestId('glossary-entry').textContent).toContain('turnover');
    expect(within(spanish).getByTestId('glossary-entry').textContent).toContain('limpieza de salida');
    const headings = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(headings).toEqual(['Spanish', 'French']);
  });

  it('checks the form before sending, then adds the term', async () => {
    const fake = api(teamAnswer(), []);
    fake.answers['POST /api/glossary'] = (body) =>
      jsonResponse(201, { entry: { id: 'gl-9', ...(body as object) } });
    renderInApp(<GlossarySettingsPage />, '/settings/glossary');
    expect(await screen.findByTestId('glossary-empty')).toBeTruthy();
    await press('Add term');
    const form = screen.getByRole('form', { name: 'Add term' });
    await press('Add term', form);
    expect(within(form).getByText('Enter the term as your team writes it')).toBeTruthy();
    expect(within(form).getByText('Enter its translation')).toBeTruthy();
    expect(fake.requests.filter((r) => r.method === 'POST')).toEqual([]);

    // A paid team: every language is offered.
    expect(within(form).getAllByRole('option').length).toBeGreaterThan(2);
    fireEvent.change(screen.getByLabelText('Language'), { target: { value: 'es' } });
    type('Term', '  turnover ');
    type('Translation', 'limpieza de salida');
    fake.answers['GET /api/glossary'] = () => jsonResponse(200, { entries: [{ ...TURNOVER, id: 'gl-9' }] });
    await press('Add term', form);
    await waitFor(() => expect(fake.requests.filter((r) => r.method === 'POST')).toHaveLength(1));
    expect(fake.requests.find((r) => r.method === 'POST')?.body).toEqual({
      language: 'es',
      source: 'turnover',
      target: 'limpieza de salida',
    });
    expect(await screen.findByText('“turnover” is in the glossary.')).toBeTruthy();
    expect(screen.queryByRole('form', { name: 'Add term' })).toBeNull();
  });

  it("says the server's refusal in the form", async () => {
    const fake = api(teamAnswer(), [TURNOVER]);
    fake.answers['POST /api/glossary'] = errorAnswer(
      409,
      'glossary_term_exists',
      'That term is already in the glossary for this language. Delete it first to change it.',
      { entryId: 'gl-1' },
    );
    renderInApp(<GlossarySettingsPage />, '/settings/glossary');
    await press('Add term');
    const form = screen.getByRole('form', { name: 'Add term' });
    type('Term', 'Turnover');
    type('Translation', 'otra');
    await press('Add term', form);
    expect((await within(form).findByRole('alert')).textContent).toContain('already in the glossary');
  });

  it('a free team is offered English and Spanish only', async () => {
    api(teamAnswer({ team: { ...teamAnswer().team, tier: 'free' } }), []);
    renderInApp(<GlossarySettingsPage />, '/settings/glossary');
    await press('Add term');
    const options = within(screen.getByLabelText('Language')).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['English', 'Spanish']);
    expect(screen.getByText(/Your plan translates into English and Spanish/)).toBeTruthy();
  });

  it('deletes a term; a member reads the glossary without Add or Delete', async () => {
    const fake = api();
    fake.answers['DELETE /api/glossary/gl-1'] = () => new Response(null, { status: 204 });
    const view = renderInApp(<GlossarySettingsPage />, '/settings/glossary');
    await press('Delete “turnover” (Spanish)');
    await waitFor(() => expect(fake.requests.some((r) => r.method === 'DELETE')).toBe(true));
    expect(await screen.findByText('“turnover” was removed from the glossary.')).toBeTruthy();
    view.unmount();

    api(teamAnswer({ myRole: 'member' }));
    renderInApp(<GlossarySettingsPage />, '/settings/glossary');
    expect(await screen.findByTestId('glossary-managers-only')).toBeTruthy();
    expect(await screen.findByRole('region', { name: 'Spanish' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Delete/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Add term' })).toBeNull();
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import type { ChecklistTranslation } from '#domain/glossary';
import type { ShareSummary } from '#domain/sharing';
import { act, fireEvent, screen, waitFor, within } from '#tests/support/preact-testing-library';
import { checklistFixture, taskFixture } from '#tests/support/team-fixtures';
import { fakeTeamApi, renderInApp, teamAnswer } from '#tests/support/teams-web';
import { jsonResponse, mockFetchEachTest, writePublicConfig } from '#tests/support/web-components';
import { LazyTranslationCard } from './lazy-translation-card.tsx';
import { TranslationCard } from './translation-card.tsx';

/** The owner's 'What recipients read' card: a share's language, 'Correct', and the glossary offer. */

const fetchMock = mockFetchEachTest();
beforeAll(() => writePublicConfig({ siteName: 'ListSync' }));

const CHECKLIST = checklistFixture({
  id: 'c1',
  tasks: [taskFixture('t1', 'Turnover: Harbour View 4B'), taskFixture('t2', 'Mop the floor')],
});

const SHARE: ShareSummary = {
  id: 'share_1',
  recipientName: 'Rosa',
  channel: 'email',
  maskedContact: 'r•••a@example.com',
  targetLanguage: 'es',
  verified: true,
  lockedAt: null,
  lastActivityAt: null,
  createdAt: new Date().toISOString(),
};

function translation(
  second = 'Fregona el piso',
  corrected: Array<'description' | 'details'> = [],
): ChecklistTranslation {
  return {
    language: 'es',
    sourceLanguage: 'en',
    translated: true,
    tasks: [
      { id: 't1', description: 'Facturación: Vista de puerto 4B', details: '', corrected: [] },
      { id: 't2', description: second, details: '', corrected },
    ],
  };
}

function api(shares: ShareSummary[] = [SHARE], myRole: 'owner' | 'member' = 'owner') {
  const fake = fakeTeamApi(fetchMock);
  fake.answers['GET /api/team'] = () => jsonResponse(200, teamAnswer({ myRole }));
  fake.answers['GET /api/checklists/c1/shares'] = () => jsonResponse(200, { shares });
  fake.answers['GET /api/checklists/c1/translation'] = () => jsonResponse(200, translation());
  return fake;
}

async function press(name: string | RegExp, scope: HTMLElement = document.body) {
  const button = await within(scope).findByRole('button', { name });
  await act(async () => {
    fireEvent.click(button);
  });
}

describe('What recipients read', () => {
  it('is not there when every share is in the owner’s language', async () => {
    const fake = api([{ ...SHARE, targetLanguage: 'en' }]);
    renderInApp(<TranslationCard checklist={CHECKLIST} />, '/checklist/c1');
    await waitFor(() => expect(fake.requests.some((r) => r.url.endsWith('/shares'))).toBe(true));
    expect(screen.queryByTestId('translation-card')).toBeNull();
  });

  it('asks for the translation only when opened, and shows each task with what was written', async () => {
    const fake = api();
    renderInApp(<TranslationCard checklist={CHECKLIST} />, '/checklist/c1');
    await press('Show Spanish');
    const tasks = await screen.findAllByTestId('translated-task');
    expect(tasks[0]?.textContent).toContain('Facturación: Vista de puerto 4B');
    expect(tasks[0]?.textContent).toContain('Turnover: Harbour View 4B');
    expect(fake.requests.filter((r) => r.url === '/api/checklists/c1/translation?lang=es')).toHaveLength(1);
  });

  it('corrects a task and adds a term to the glossary, offering the words the correction changed', async () => {
    const fake = api();
    const corrected: ChecklistTranslation = {
      ...translation(),
      tasks: [
        {
          id: 't1',
          description: 'Limpieza de salida: Vista de puerto 4B',
          details: '',
          corrected: ['description'],
        },
        ...translation().tasks.slice(1),
      ],
    };
    fake.answers['PUT /api/checklists/c1/tasks/t1/translation'] = () => {
      // The server keeps it: later reads say so too.
      fake.answers['GET /api/checklists/c1/translation'] = () => jsonResponse(200, corrected);
      return jsonResponse(200, corrected);
    };
    fake.answers['POST /api/glossary'] = (body) =>
      jsonResponse(201, { entry: { id: 'gl-1', ...(body as object) } });
    renderInApp(<TranslationCard checklist={CHECKLIST} />, '/checklist/c1');
    await press('Show Spanish');
    await press('Correct task 1');
    const form = screen.getByTestId('task-correction');
    fireEvent.change(within(form).getByLabelText('Task in Spanish'), {
      target: { value: 'Limpieza de salida: Vista de puerto 4B' },
    });
    fireEvent.click(within(form).getByLabelText('Also use for every checklist (add to glossary)'));
    expect((within(form).getByLabelText('Translation') as HTMLInputElement).value).toBe('Limpieza de salida');
    // The term is needed before anything is sent.
    await press('Save correction', form);
    expect(within(form).getByText('Enter the term as your team writes it')).toBeTruthy();
    expect(fake.requests.filter((r) => r.method !== 'GET')).toEqual([]);

    fireEvent.change(within(form).getByLabelText('Term'), { target: { value: 'turnover' } });
    fireEvent.change(within(form).getByLabelText('Translation'), { target: { value: 'limpieza de salida' } });
    await press('Save correction', form);
    await waitFor(() => expect(screen.queryByTestId('task-correction')).toBeNull());
    expect(fake.requests.filter((r) => r.method !== 'GET')).toEqual([
      {
        method: 'PUT',
        url: '/api/checklists/c1/tasks/t1/translation',
        body: { language: 'es', field: 'description', text: 'Limpieza de salida: Vista de puerto 4B' },
      },
      {
        method: 'POST',
        url: '/api/glossary',
        body: { language: 'es', source: 'turnover', target: 'limpieza de salida' },
      },
    ]);
    const first = (await screen.findAllByTestId('translated-task'))[0];
    expect(first?.textContent).toContain('Your correction');
  });

  it('a member corrects without the glossary offer; an empty correction is refused in the form', async () => {
    const fake = api([SHARE], 'member');
    renderInApp(<TranslationCard checklist={CHECKLIST} />, '/checklist/c1');
    await press('Show Spanish');
    await waitFor(() => expect(fake.requests.some((r) => r.url === '/api/team')).toBe(true));
    await press('Correct task 2');
    const form = screen.getByTestId('task-correction');
    expect(within(form).queryByLabelText('Also use for every checklist (add to glossary)')).toBeNull();
    fireEvent.change(within(form).getByLabelText('Task in Spanish'), { target: { value: '  ' } });
    await press('Save correction', form);
    expect(within(form).getByText('Enter the corrected translation')).toBeTruthy();
    expect(fake.requests.filter((r) => r.method !== 'GET')).toEqual([]);
  });
});

describe('What recipients read, fetched when a share needs it', () => {
  it('draws nothing when every share is in the owner’s language', async () => {
    const fake = api([{ ...SHARE, targetLanguage: 'en' }]);
    renderInApp(<LazyTranslationCard checklist={CHECKLIST} />, '/checklist/c1');
    await waitFor(() => expect(fake.requests.some((r) => r.url.endsWith('/shares'))).toBe(true));
    await act(async () => {});
    expect(screen.queryByTestId('translation-card')).toBeNull();
  });

  it('draws the card once a share in another language has answered', async () => {
    api();
    renderInApp(<LazyTranslationCard checklist={CHECKLIST} />, '/checklist/c1');
    const card = await screen.findByTestId('translation-card');
    expect(within(card).getByRole('button', { name: 'Show Spanish' })).toBeTruthy();
  });
});

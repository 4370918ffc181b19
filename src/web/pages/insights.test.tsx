import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Insights } from '#domain/insights';
import { fireEvent, screen, waitFor, within } from '#tests/support/preact-testing-library';
import { errorAnswer, fakeTeamApi, renderInApp } from '#tests/support/teams-web';
import { jsonResponse, mockFetchEachTest, writePublicConfig } from '#tests/support/web-components';
import InsightsPage from './insights.tsx';

/** /insights against GET /api/insights's answers (docs/insights.md); the chart itself is Chart.js's. */

// jsdom has no canvas: the chart's chunk stands in as an image with the summary it is given.
vi.mock('./insights/bar-chart.tsx', () => ({
  default: ({ summary }: { summary: string }) => <div role="img" aria-label={summary} />,
}));

const fetchMock = mockFetchEachTest();
beforeAll(() => writePublicConfig({ siteName: 'ListSync' }));

const FIGURES: Insights = {
  from: '2026-01-10',
  to: '2026-01-12',
  timeZone: 'America/New_York',
  completed: 4,
  onTimeRate: 0.6667,
  medianMinutesToComplete: 80,
  byDay: [
    { date: '2026-01-10', created: 2, completed: 1 },
    { date: '2026-01-11', created: 1, completed: 2 },
    { date: '2026-01-12', created: 2, completed: 1 },
  ],
  byPerson: [
    { name: 'Maria', kind: 'recipient', completed: 2, medianMinutes: 59.5 },
    { name: 'Ben Ortiz', kind: 'member', completed: 1, medianMinutes: null },
  ],
  slowestTasks: [{ description: 'Clean oven', medianMinutes: 40 }],
  mostSkippedTasks: [{ description: 'Empty bins', undone: 1, of: 2 }],
};

function api(answer = () => jsonResponse(200, FIGURES)) {
  const fake = fakeTeamApi(fetchMock);
  fake.answers['GET /api/insights'] = answer;
  return fake;
}

const insightsCalls = (fake: ReturnType<typeof api>) =>
  fake.requests.filter((request) => request.url.startsWith('/api/insights')).map((request) => request.url);

describe('InsightsPage', () => {
  it('shows the headline, the people, the tasks and each chart’s figures as text', async () => {
    api();
    renderInApp(<InsightsPage />, '/insights');
    const figures = await screen.findByTestId('insights-figures');
    expect(within(figures).getByText('Checklists completed').nextSibling?.textContent).toBe('4');
    expect(within(figures).getByText('On-time rate').nextSibling?.textContent).toBe('67%');
    expect(within(figures).getByText('Median time to complete').nextSibling?.textContent).toBe('1 h 20 min');
    expect(screen.getByTestId('insights-range').textContent).toBe(
      'Jan 10, 2026 to Jan 12, 2026 · days in America/New York',
    );
    expect(
      await screen.findByRole(
        'img',
        { name: /completed and created each day from Jan 10, 2026/ },
        { timeout: 10_000 },
      ),
    ).toBeTruthy();
    const days = screen.getByRole('table', { name: 'Checklists created and completed each day' });
    expect(
      within(days)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['DateCreatedCompleted', 'Jan 10, 202621', 'Jan 11, 202612', 'Jan 12, 202621']);
    const people = screen.getByRole('table', { name: /by each person/ });
    expect(
      within(people)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['PersonCompletedMedian time', 'MariaRecipient21 h', 'Ben OrtizTeam member1—']);
    expect(within(screen.getByRole('list', { name: 'Slowest tasks' })).getByText('40 min')).toBeTruthy();
    expect(
      within(screen.getByRole('list', { name: 'Tasks most often left undone' })).getByText('1 of 2'),
    ).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toBe('/api/insights.csv');
  });

  it('asks for the range chosen, and refuses a custom range that ends before it starts', async () => {
    const fake = api();
    renderInApp(<InsightsPage />, '/insights');
    await screen.findByTestId('insights-figures');
    expect(insightsCalls(fake)).toEqual(['/api/insights']);
    fireEvent.click(screen.getByRole('button', { name: 'Last 7 days' }));
    await waitFor(() => expect(insightsCalls(fake)).toHaveLength(2));
    expect(insightsCalls(fake)[1]).toMatch(/^\/api\/insights\?from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}$/);
    const csv = insightsCalls(fake)[1]?.replace('/api/insights', '/api/insights.csv');
    await waitFor(() =>
      expect(screen.getByRole('link', { name: 'Download CSV' }).getAttribute('href')).toBe(csv),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Custom' }));
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-03-10' } });
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-03-01' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The start date must be on or before the end date',
    );
    fireEvent.change(screen.getByLabelText('To'), { target: { value: '2026-03-31' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() =>
      expect(insightsCalls(fake).at(-1)).toBe('/api/insights?from=2026-03-10&to=2026-03-31'),
    );
  });

  it('a free team sees an example, marked as one, and the upgrade; no CSV', async () => {
    api(errorAnswer(403, 'plan_limit_reached', 'Insights are part of the Professional plan.', { limit: 0 }));
    renderInApp(<InsightsPage />, '/insights');
    expect(await screen.findByText('Insights are part of Professional')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Upgrade to Professional' }).getAttribute('href')).toBe(
      '/pricing',
    );
    const example = screen.getByRole('region', { name: 'Example insights with made-up figures' });
    expect(within(example).getByText('Example · made-up figures')).toBeTruthy();
    expect(within(example).getByText('Maria Santos')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Download CSV' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Last 7 days' })).toBeNull();
  });

  it('does not ask for the figures of a team the header knows is free', async () => {
    const fake = api();
    fake.answers['GET /api/teams'] = () =>
      jsonResponse(200, { teams: [{ id: 't1', name: 'Solo', tier: 'free', role: 'owner', active: true }] });
    renderInApp(<InsightsPage />, '/insights');
    expect(await screen.findByText('Insights are part of Professional')).toBeTruthy();
    expect(screen.getByTestId('insights-example')).toBeTruthy();
    expect(insightsCalls(fake)).toEqual([]);
  });

  it('says so when nothing happened in the range', async () => {
    const empty: Insights = {
      ...FIGURES,
      completed: 0,
      onTimeRate: null,
      medianMinutesToComplete: null,
      byDay: FIGURES.byDay.map((day) => ({ ...day, created: 0, completed: 0 })),
      byPerson: [],
      slowestTasks: [],
      mostSkippedTasks: [],
    };
    api(() => jsonResponse(200, empty));
    renderInApp(<InsightsPage />, '/insights');
    expect((await screen.findByTestId('insights-empty')).textContent).toContain(
      'No checklist was created or completed from Jan 10, 2026 to Jan 12, 2026.',
    );
    expect(screen.queryByRole('link', { name: 'Download CSV' })).toBeNull();
  });

  it('a failure says so and tries again', async () => {
    let fail = true;
    api(() =>
      fail
        ? jsonResponse(500, { error: { code: 'internal_error', message: 'x' } })
        : jsonResponse(200, FIGURES),
    );
    renderInApp(<InsightsPage />, '/insights');
    expect((await screen.findByRole('alert')).textContent).toContain('Insights could not be loaded');
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByTestId('insights-figures')).toBeTruthy();
  });
});

import { beforeAll, describe, expect, it } from 'vitest';
import type { Schedule } from '#domain/schedules-response';
import { act, fireEvent, screen, waitFor, within } from '#tests/support/preact-testing-library';
import { errorAnswer, fakeTeamApi, renderInApp, SAM, teamAnswer } from '#tests/support/teams-web';
import { jsonResponse, mockFetchEachTest, writePublicConfig } from '#tests/support/web-components';
import { SchedulesSection } from './schedules-section.tsx';

/** The schedules section of /automation and its 'New schedule' form, against the API's answers. */

const fetchMock = mockFetchEachTest();
beforeAll(() => writePublicConfig({ siteName: 'ListSync' }));

const TEMPLATES = {
  templates: [
    { id: 'builtin-short-stay-turnover', name: 'Short-stay turnover', taskCount: 12, builtIn: true },
    { id: 'builtin-weekly-inspection', name: 'Weekly inspection', taskCount: 8, builtIn: true },
  ],
};

function scheduleAnswer(overrides: Partial<Schedule> = {}): Schedule {
  return {
    id: 'sch-1',
    name: 'Harbour round',
    templateId: 'builtin-short-stay-turnover',
    templateName: 'Short-stay turnover',
    recurrence: {
      frequency: 'weekly',
      interval: 1,
      byWeekday: ['MO'],
      time: '08:00',
      timezone: 'Europe/Paris',
    },
    description: 'Every Monday at 08:00 (Europe/Paris)',
    startsOn: '2026-11-29',
    dueAfterMinutes: null,
    assignee: null,
    share: null,
    paused: false,
    pausedByPlan: false,
    nextRunAt: '2026-11-30T07:00:00.000Z',
    upcoming: ['2026-11-30T07:00:00.000Z', '2026-12-07T07:00:00.000Z'],
    recentRuns: [
      {
        id: 'occ-1',
        scheduledFor: '2026-11-23T07:00:00.000Z',
        manual: false,
        localDate: '2026-11-23',
        status: 'made',
        reason: null,
        checklistId: 'cl-9',
        shareStatus: 'sent',
        createdAt: '2026-11-23T07:00:01.000Z',
      },
    ],
    createdBy: { uid: 'u-ann', displayName: 'Ann' },
    createdAt: '2026-11-20T10:00:00.000Z',
    updatedAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

function api(team = teamAnswer(), schedules: Schedule[] = []) {
  const fake = fakeTeamApi(fetchMock);
  fake.answers['GET /api/team'] = () => jsonResponse(200, team);
  fake.answers['GET /api/schedules'] = () => jsonResponse(200, { schedules });
  fake.answers['GET /api/templates'] = () => jsonResponse(200, TEMPLATES);
  return fake;
}

async function openNew() {
  fireEvent.click(await screen.findByRole('button', { name: 'New schedule' }));
  const dialog = await screen.findByRole('dialog');
  await within(dialog).findByRole('option', { name: 'Weekly inspection' });
  return dialog;
}

async function submit(dialog: HTMLElement) {
  await act(async () => {
    fireEvent.click(within(dialog).getByRole('button', { name: 'Create schedule' }));
  });
}

const posted = (fake: ReturnType<typeof api>) =>
  fake.requests.filter((request) => request.method === 'POST' && request.url === '/api/schedules');

describe('the schedules section', () => {
  it('lists a schedule in words with its next and last runs, the last linking to its checklist', async () => {
    api(teamAnswer(), [scheduleAnswer()]);
    renderInApp(<SchedulesSection />, '/automation');
    const card = await screen.findByTestId('schedule-card');
    expect(card.textContent).toContain('Every Monday at 08:00 (Europe/Paris)');
    expect(within(card).getByRole('link', { name: 'Harbour round — 2026-11-23' }).getAttribute('href')).toBe(
      '/checklist/cl-9',
    );
    expect(within(card).getAllByRole('listitem').length).toBeGreaterThanOrEqual(3);
    for (const name of ['Run now', 'Edit', 'Pause', 'Delete']) {
      expect(within(card).getByRole('button', { name })).toBeTruthy();
    }
  });

  it('a member reads the schedules without any action', async () => {
    api(teamAnswer({ myRole: 'member' }), [scheduleAnswer()]);
    renderInApp(<SchedulesSection />, '/automation');
    const card = await screen.findByTestId('schedule-card');
    expect(within(card).queryByRole('button')).toBeNull();
    expect(screen.queryByRole('button', { name: 'New schedule' })).toBeNull();
  });

  it('a free team sees what schedules do and the upgrade link instead of the form', async () => {
    api(teamAnswer({ team: { tier: 'free' } as never }), [
      scheduleAnswer({ pausedByPlan: true, nextRunAt: null }),
    ]);
    renderInApp(<SchedulesSection />, '/automation');
    const offer = await screen.findByTestId('schedules-paid-only');
    expect(within(offer).getByRole('link', { name: 'Upgrade plan' }).getAttribute('href')).toBe('/pricing');
    expect(offer.textContent).toContain('paused until the team is on a paid plan again');
    expect(screen.queryByRole('button', { name: 'New schedule' })).toBeNull();
    expect((await screen.findByTestId('schedule-card')).textContent).toContain('Paused by plan');
  });
});

describe("the 'New schedule' form", () => {
  it('sends the chosen template, weekdays, time, zone, due time, assignee and share with consent', async () => {
    const fake = api();
    renderInApp(<SchedulesSection />, '/automation');
    const dialog = await openNew();
    const field = (label: string) => within(dialog).getByLabelText(label);
    fireEvent.change(field('Template'), { target: { value: 'builtin-weekly-inspection' } });
    fireEvent.change(field('Name'), { target: { value: 'Pier inspection' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Thursday' }));
    expect(within(dialog).getByRole('button', { name: 'Monday' }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.change(field('Time of day'), { target: { value: '07:30' } });
    fireEvent.change(field('Time zone'), { target: { value: 'America/New_York' } });
    fireEvent.change(field('Due after (hours)'), { target: { value: '4' } });
    fireEvent.change(field('Assign to'), { target: { value: SAM.uid } });
    fireEvent.click(within(dialog).getByLabelText(/Share each checklist automatically/));
    fireEvent.change(field("Recipient's email address"), { target: { value: 'rosa@example.com' } });
    fireEvent.change(field("Recipient's name"), { target: { value: 'Rosa' } });
    fireEvent.change(field('Their language'), { target: { value: 'es' } });

    // Without the consent box the form says so and sends nothing.
    await submit(dialog);
    expect(posted(fake)).toEqual([]);
    expect(within(dialog).getByRole('alert').textContent).toBe(
      'Please confirm that the recipient consents to receive emails.',
    );

    fireEvent.click(within(dialog).getByLabelText(/The recipient agrees to receive an email/));
    fake.answers['POST /api/schedules'] = () => jsonResponse(201, { schedule: scheduleAnswer() });
    await submit(dialog);
    await waitFor(() => expect(posted(fake)).toHaveLength(1));
    expect(posted(fake).map((request) => request.body)).toEqual([
      {
        templateId: 'builtin-weekly-inspection',
        name: 'Pier inspection',
        recurrence: {
          frequency: 'weekly',
          interval: 1,
          byWeekday: ['MO', 'TH'],
          time: '07:30',
          timezone: 'America/New_York',
        },
        dueAfterMinutes: 240,
        assigneeUid: SAM.uid,
        share: {
          channel: 'email',
          email: 'rosa@example.com',
          recipientName: 'Rosa',
          targetLanguage: 'es',
          consent: true,
        },
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('checks the rule before asking: no weekday, a bad interval', async () => {
    const fake = api();
    renderInApp(<SchedulesSection />, '/automation');
    const dialog = await openNew();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Monday' }));
    fireEvent.change(within(dialog).getByLabelText(/Every how many/), { target: { value: '0' } });
    await submit(dialog);
    expect(posted(fake)).toEqual([]);
    const alerts = within(dialog)
      .getAllByRole('alert')
      .map((alert) => alert.textContent);
    expect(alerts).toContain('Choose at least one weekday for a weekly schedule');
    expect(alerts).toContain('The interval must be a whole number from 1 to 52');
  });

  it("shows the server's 400 under the field it names", async () => {
    const fake = api();
    renderInApp(<SchedulesSection />, '/automation');
    const dialog = await openNew();
    fake.answers['POST /api/schedules'] = errorAnswer(400, 'validation_failed', 'No.', {
      issues: [{ path: 'assigneeUid', message: 'The assignee must be a member of this checklist’s team.' }],
    });
    await submit(dialog);
    const assignee = within(dialog).getByLabelText('Assign to');
    await waitFor(() => expect(assignee.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(`${assignee.id}-error`)?.textContent).toBe(
      'The assignee must be a member of this checklist’s team.',
    );
  });

  it('Edit keeps an unchanged share (its consent stands) and asks consent again when the contact changes', async () => {
    const share = {
      channel: 'email' as const,
      email: 'rosa@example.com',
      phone: null,
      recipientName: 'Rosa',
      targetLanguage: 'es' as const,
      consentAt: '2026-11-20T10:00:00.000Z',
    };
    const fake = api(teamAnswer(), [scheduleAnswer({ share })]);
    const patches: unknown[] = [];
    fake.answers['PATCH /api/schedules/sch-1'] = (body) => {
      patches.push(body);
      return jsonResponse(200, { schedule: scheduleAnswer({ share }) });
    };
    renderInApp(<SchedulesSection />, '/automation');
    fireEvent.click(await screen.findByRole('button', { name: 'Edit' }));
    let dialog = await screen.findByRole('dialog', { name: 'Edit schedule' });
    expect((within(dialog).getByLabelText('Name') as HTMLInputElement).value).toBe('Harbour round');
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Harbour round B' } });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save schedule' }));
    });
    await waitFor(() => expect(patches).toHaveLength(1));
    expect(patches).toEqual([expect.not.objectContaining({ share: expect.anything() })]);
    expect(patches[0]).toMatchObject({ name: 'Harbour round B' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    dialog = await screen.findByRole('dialog', { name: 'Edit schedule' });
    fireEvent.change(within(dialog).getByLabelText("Recipient's email address"), {
      target: { value: 'sam@example.com' },
    });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Save schedule' }));
    });
    expect(patches).toHaveLength(1);
    expect(within(dialog).getByRole('alert').textContent).toBe(
      'Please confirm that the recipient consents to receive emails.',
    );
  });
});

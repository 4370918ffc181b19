import { describe, expect, it } from 'vitest';
import {
  CHECKLIST_LIMITS,
  CHECKLIST_MESSAGES,
  ChecklistInput,
  ChecklistUpdateInput,
  checklistRowSubtitle,
  computeProgress,
  createdDateLabel,
  DashboardStatsQuery,
  progressFromCounts,
  SubmitInput,
  statusBadgeText,
  type Task,
  TaskPatchInput,
  tasksMissingPhotos,
  validateChecklistDraft,
} from './checklist.ts';

const M = CHECKLIST_MESSAGES;
const L = CHECKLIST_LIMITS;
const ticks = (done: number, total: number) =>
  Array.from({ length: total }, (_, i) => ({ completed: i < done }));

describe('status and progress', () => {
  it.each([
    [0, 0, 'not-started', 0],
    [0, 3, 'not-started', 0],
    [1, 3, 'in-progress', 33],
    [2, 3, 'in-progress', 67],
    [1, 2, 'in-progress', 50],
    [1, 8, 'in-progress', 13], // 12.5 rounds up
    [3, 3, 'completed', 100],
    [1, 1, 'completed', 100],
  ] as const)('%i of %i tasks done: %s at %i%%', (done, total, status, progress) => {
    expect(computeProgress(ticks(done, total))).toEqual({ status, progress });
    expect(progressFromCounts(done, total)).toEqual({ status, progress });
  });

  it('never rounds an unfinished checklist to 0% or 100%', () => {
    expect(progressFromCounts(1, 300)).toEqual({ status: 'in-progress', progress: 1 });
    expect(progressFromCounts(299, 300)).toEqual({ status: 'in-progress', progress: 99 });
    expect(progressFromCounts(199, 200)).toEqual({ status: 'in-progress', progress: 99 });
  });

  it('a submitted checklist is completed at 100 whatever its tasks', () => {
    expect(computeProgress(ticks(0, 3), true)).toEqual({ status: 'completed', progress: 100 });
    expect(progressFromCounts(1, 3, true)).toEqual({ status: 'completed', progress: 100 });
    expect(progressFromCounts(0, 0, true)).toEqual({ status: 'completed', progress: 100 });
  });
});

describe('status badge text', () => {
  it.each([
    ['completed', 100, 'Completed'],
    ['completed', undefined, 'Completed'],
    ['in-progress', 40, 'In Progress (40%)'],
    ['in-progress', undefined, 'In Progress (0%)'],
    ['in-progress', null, 'In Progress (0%)'],
    ['not-started', 0, 'Not Started'],
    ['archived', 10, 'Not Started'],
    [undefined, undefined, 'Not Started'],
    [null, null, 'Not Started'],
  ])('%s at %s: %s', (status, progress, text) => {
    expect(statusBadgeText(status, progress)).toBe(text);
  });
});

describe('created-date label (calendar days in the viewer’s zone)', () => {
  // Local times, so the tests hold in any time zone the machine runs in.
  const now = new Date(2024, 5, 15, 0, 1); // June 15, 2024, 00:01

  it.each([
    ['missing (undefined)', undefined, 'Just now'],
    ['missing (null)', null, 'Just now'],
    ['an empty string', '', 'Just now'],
    ['not a date', 'yesterday-ish', 'Just now'],
    ['a minute ago, same day', new Date(2024, 5, 15, 0, 0), 'Today'],
    ['later today (clock skew)', new Date(2024, 5, 15, 22, 0), 'Today'],
    ['two minutes ago, before midnight', new Date(2024, 5, 14, 23, 59), 'Yesterday'],
    ['yesterday at 00:00', new Date(2024, 5, 14, 0, 0), 'Yesterday'],
    ['2 days', new Date(2024, 5, 13, 23, 59), '2 days ago'],
    ['6 days', new Date(2024, 5, 9, 0, 0), '6 days ago'],
    ['7 days', new Date(2024, 5, 8, 23, 59), 'Jun 8, 2024'],
    ['a year before', new Date(2023, 0, 2, 12, 0), 'Jan 2, 2023'],
  ])('%s: %s', (_label, createdAt, text) => {
    expect(createdDateLabel(createdAt, now)).toBe(text);
  });

  it('reads ISO strings, epoch milliseconds and objects with a toDate method', () => {
    const twoDaysAgo = new Date(2024, 5, 13, 12, 0);
    expect(createdDateLabel(twoDaysAgo.toISOString(), now)).toBe('2 days ago');
    expect(createdDateLabel(twoDaysAgo.getTime(), now)).toBe('2 days ago');
    expect(createdDateLabel({ toDate: () => twoDaysAgo }, now)).toBe('2 days ago');
  });

  it('the dashboard row subtitle', () => {
    expect(checklistRowSubtitle(4, new Date(2024, 5, 14, 9, 0), now)).toBe('4 tasks • Created Yesterday');
    expect(checklistRowSubtitle(0, undefined, now)).toBe('0 tasks • Created Just now');
  });
});

describe('missing photos', () => {
  const task = (over: Partial<Task>): Task => ({
    id: 't',
    description: 'x',
    completed: false,
    photoRequired: false,
    photoUrl: null,
    referencePhotoUrl: null,
    details: '',
    completedAt: null,
    redoNote: null,
    photoCapturedAt: null,
    photoReceivedAt: null,
    photoCaptureSource: null,
    photoLocation: null,
    ...over,
  });

  it('only completed tasks that need a photo and have none block submission', () => {
    const blocking = task({ id: 'a', completed: true, photoRequired: true });
    expect(
      tasksMissingPhotos([
        blocking,
        task({ id: 'b', completed: true, photoRequired: true, photoUrl: '/p.jpg' }),
        task({ id: 'c', completed: false, photoRequired: true }),
        task({ id: 'd', completed: true }),
      ]),
    ).toEqual([blocking]);
  });

  it('a reference photo is never proof: it satisfies no photo requirement and ticks nothing', () => {
    const reference = '/api/photos/photo_reference';
    const ticked = task({ id: 'a', completed: true, photoRequired: true, referencePhotoUrl: reference });
    expect(tasksMissingPhotos([ticked])).toEqual([ticked]);
    const open = task({ id: 'b', photoRequired: true, referencePhotoUrl: reference });
    expect(computeProgress([open, task({ id: 'c', referencePhotoUrl: reference })])).toEqual({
      status: 'not-started',
      progress: 0,
    });
    expect(computeProgress([ticked, open])).toEqual({ status: 'in-progress', progress: 50 });
  });
});

describe('editor validation (spec section 5, in order)', () => {
  const ok = { description: 'Mop floors' };

  it.each([
    ['blank name and no tasks', { name: '  ', tasks: [] }, M.nameRequired],
    ['blank name and a blank task', { name: '', tasks: [{ description: '' }] }, M.nameRequired],
    ['no tasks', { name: 'Turnover', tasks: [] }, M.taskRequired],
    [
      'a blank description',
      { name: 'Turnover', tasks: [ok, { description: '   ' }] },
      M.descriptionsRequired,
    ],
    ['a name of 201 characters', { name: 'x'.repeat(L.nameMax + 1), tasks: [ok] }, M.nameTooLong],
    ['501 tasks', { name: 'Turnover', tasks: Array(L.tasksMax + 1).fill(ok) }, M.tooManyTasks],
    [
      'a description of 1,001 characters',
      { name: 'Turnover', tasks: [{ description: 'x'.repeat(L.descriptionMax + 1) }] },
      M.descriptionTooLong,
    ],
  ])('%s: %s', (_label, draft, message) => {
    expect(validateChecklistDraft(draft)).toBe(message);
  });

  it('passes a good draft, and the limits themselves', () => {
    expect(validateChecklistDraft({ name: 'Turnover', tasks: [ok] })).toBeNull();
    expect(
      validateChecklistDraft({
        name: ` ${'x'.repeat(L.nameMax)} `,
        tasks: Array(L.tasksMax).fill({ description: 'x'.repeat(L.descriptionMax) }),
      }),
    ).toBeNull();
  });

  it('the messages read as the spec and the bounds have them', () => {
    expect([M.nameRequired, M.taskRequired, M.descriptionsRequired]).toEqual([
      'Checklist name is required',
      'Add at least one task',
      'All tasks must have descriptions',
    ]);
    expect(M.nameTooLong).toBe('Checklist name must be at most 200 characters');
    expect(M.tooManyTasks).toBe('A checklist can have at most 500 tasks');
    expect(M.descriptionTooLong).toBe('Task descriptions must be at most 1,000 characters');
    expect(M.detailsTooLong).toBe('Task details must be at most 5,000 characters');
    expect(M.remarksTooLong).toBe('Remarks must be at most 10,000 characters');
    expect(M.missingPhotos).toBe('Missing photos');
  });
});

describe('ChecklistInput: the first issue is the editor’s first message, whatever else is wrong', () => {
  const firstMessage = (body: unknown) => ChecklistInput.safeParse(body).error?.issues[0]?.message;

  it.each([
    [{ name: '', tasks: [{}] }, M.nameRequired],
    [{ name: '', tasks: [{ description: 'a', details: 'x'.repeat(L.detailsMax + 1) }] }, M.nameRequired],
    [{ tasks: 'nope', remarks: 42 }, M.nameRequired],
    [null, M.nameRequired],
    [{ name: 'Ok', tasks: [], remarks: 'x'.repeat(L.remarksMax + 1) }, M.taskRequired],
    [
      { name: 'Ok', tasks: [{ description: 'a' }, {}], remarks: 'x'.repeat(L.remarksMax + 1) },
      M.descriptionsRequired,
    ],
    [{ name: 'Ok', tasks: [{ description: 'a', details: 'x'.repeat(L.detailsMax + 1) }] }, M.detailsTooLong],
    [{ name: 'Ok', tasks: [{ description: 'a' }], remarks: 'x'.repeat(L.remarksMax + 1) }, M.remarksTooLong],
  ])('%j: %s', (body, message) => {
    expect(firstMessage(body)).toBe(message);
  });

  it('trims, fills defaults and drops what the server computes', () => {
    const parsed = ChecklistInput.parse({
      name: '  Turnover ',
      status: 'completed',
      progress: 100,
      tasks: [{ id: 'task_1', description: ' Mop ', completed: true }],
    });
    expect(parsed).toEqual({
      name: 'Turnover',
      tasks: [{ id: 'task_1', description: 'Mop', photoRequired: false, details: '', completed: true }],
    });
  });

  it('PUT needs the version the edit started from', () => {
    const body = { name: 'Ok', tasks: [{ description: 'a' }] };
    expect(ChecklistUpdateInput.safeParse(body).error?.issues[0]?.message).toBe(
      'Send the version of the checklist you edited',
    );
    expect(ChecklistUpdateInput.parse({ ...body, version: 3 }).version).toBe(3);
  });
});

describe('other request schemas', () => {
  it('a task patch sends completed or removes the photo, and nothing else', () => {
    expect(TaskPatchInput.parse({ completed: true })).toEqual({ completed: true });
    expect(TaskPatchInput.parse({ photoUrl: null })).toEqual({ photoUrl: null });
    expect(TaskPatchInput.safeParse({}).error?.issues[0]?.message).toBe(
      'Nothing to change: send completed or photoUrl',
    );
    expect(TaskPatchInput.safeParse({ photoUrl: 'https://evil.example/x.jpg' }).success).toBe(false);
  });

  it('submit takes remarks, or no body at all', () => {
    expect(SubmitInput.parse(undefined)).toEqual({});
    expect(SubmitInput.parse(null)).toEqual({});
    expect(SubmitInput.parse({ remarks: 'Done' })).toEqual({ remarks: 'Done' });
  });

  it('time zones: IANA names only, in their canonical spelling; UTC by default', () => {
    expect(DashboardStatsQuery.parse({})).toEqual({ timeZone: 'UTC' });
    expect(DashboardStatsQuery.parse({ timeZone: 'europe/paris' })).toEqual({ timeZone: 'Europe/Paris' });
    expect(DashboardStatsQuery.safeParse({ timeZone: 'Mars/Olympus' }).error?.issues[0]?.message).toBe(
      'timeZone must be an IANA time zone such as Europe/Paris',
    );
  });
});

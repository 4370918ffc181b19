import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Checklist, ChecklistSummary } from '#domain/checklist';
import { act, cleanup, fireEvent, render, screen } from '#tests/support/preact-testing-library';
import { checklistFixture, taskFixture } from '#tests/support/team-fixtures';
import { mockFetchEachTest } from '#tests/support/web-components';
import { ChecklistRow } from '../pages/dashboard/checklist-row.tsx';
import type { ChecklistBody } from '../sync/index.ts';
import { ChecklistEditor, type SaveOutcome } from './checklist-editor/checklist-editor.tsx';
import { DueBadges, dueText } from './due-badges.tsx';
import { ToastProvider } from './ui/toast.tsx';

mockFetchEachTest();
beforeEach(() => {
  Element.prototype.scrollIntoView = vi.fn();
});
afterEach(() => cleanup());

const HOUR = 60 * 60_000;
const inHours = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();

function checklist(change: Partial<Checklist> = {}): Checklist {
  return checklistFixture({ id: 'c1', version: 3, tasks: [taskFixture('t1', 'Sweep')], ...change });
}

function renderEditor(editing: Checklist) {
  const onSave = vi.fn(
    async (_body: ChecklistBody, _version: number | null): Promise<SaveOutcome> => ({
      status: 'saved',
    }),
  );
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ToastProvider>
        <ChecklistEditor checklist={editing} onSave={onSave} onCancel={() => {}} onShare={() => {}} />
      </ToastProvider>
    </QueryClientProvider>,
  );
  return onSave;
}

const save = () =>
  act(async () => {
    fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
  });
const sentBody = (onSave: ReturnType<typeof renderEditor>) => onSave.mock.calls.at(-1)?.[0];

describe("the editor's due field", () => {
  it('starts from the checklist’s due time in the browser’s zone, labelled', () => {
    const due = new Date(2026, 11, 2, 15, 30);
    renderEditor(checklist({ dueAt: due.toISOString() }));
    expect((screen.getByLabelText('Due date') as HTMLInputElement).value).toBe('2026-12-02');
    expect((screen.getByLabelText('Due time') as HTMLInputElement).value).toBe('15:30');
    expect(screen.getByRole('group', { name: 'Due (optional)' })).toBeTruthy();
  });

  it('sends the date and time as an instant with Save Changes; a date alone is due at its start', async () => {
    const onSave = renderEditor(checklist());
    expect((screen.getByLabelText('Due time') as HTMLInputElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('Due date'), { target: { value: '2026-12-02' } });
    await save();
    await vi.waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(sentBody(onSave)?.dueAt).toBe(new Date(2026, 11, 2, 0, 0).toISOString());
    fireEvent.change(screen.getByLabelText('Due time'), { target: { value: '09:45' } });
    await save();
    await vi.waitFor(() => expect(onSave).toHaveBeenCalledTimes(2));
    expect(sentBody(onSave)?.dueAt).toBe(new Date(2026, 11, 2, 9, 45).toISOString());
  });

  it('Clear removes it: null is sent', async () => {
    const onSave = renderEditor(checklist({ dueAt: inHours(5) }));
    fireEvent.click(screen.getByRole('button', { name: 'Clear the due date' }));
    expect((screen.getByLabelText('Due date') as HTMLInputElement).value).toBe('');
    expect(screen.queryByRole('button', { name: 'Clear the due date' })).toBeNull();
    await save();
    await vi.waitFor(() => expect(onSave).toHaveBeenCalled());
    expect(sentBody(onSave)?.dueAt).toBeNull();
  });
});

describe('the Overdue and Cancelled badges', () => {
  const badges = (facts: Partial<Checklist>) => {
    cleanup();
    render(<DueBadges checklist={checklist(facts)} />);
    return {
      overdue: screen.queryByTestId('overdue-badge')?.textContent ?? null,
      cancelled: screen.queryByTestId('cancelled-badge')?.textContent ?? null,
    };
  };

  it('says Overdue once the time passed, before the server marked it, and when it did', async () => {
    expect(await vi.waitFor(() => badges({ dueAt: inHours(-1) }))).toEqual({
      overdue: 'Overdue',
      cancelled: null,
    });
    expect(badges({ dueAt: null, overdue: true }).overdue).toBe('Overdue');
    expect(badges({ dueAt: inHours(2) }).overdue).toBeNull();
    expect(badges({ dueAt: null }).overdue).toBeNull();
  });

  it('never when completed; a cancelled one says Cancelled instead', () => {
    expect(badges({ dueAt: inHours(-1), overdue: true, status: 'completed' })).toEqual({
      overdue: null,
      cancelled: null,
    });
    expect(badges({ dueAt: inHours(-1), overdue: true, cancelled: true })).toEqual({
      overdue: null,
      cancelled: 'Cancelled',
    });
  });

  it('a dashboard row shows the due time and the badge beside the status', async () => {
    const { tasks: _tasks, ...rest } = checklist({ dueAt: inHours(-26), overdue: true });
    const row: ChecklistSummary = { ...rest, taskCount: 1, completedCount: 0 };
    render(
      <ul>
        <ChecklistRow
          checklist={row}
          opening={false}
          actions={{ onEdit: vi.fn(), onShare: vi.fn(), onDuplicate: vi.fn(), onDelete: vi.fn() }}
        />
      </ul>,
    );
    expect((await screen.findByTestId('overdue-badge')).textContent).toBe('Overdue');
    expect(screen.getByTestId('status-badge').textContent).toBe('Not Started');
    expect(screen.getByTestId('due-text').textContent).toMatch(
      /^Due (yesterday \d\d:\d\d|\w{3} \d+ \w{3}, \d\d:\d\d)$/,
    );
  });
});

describe('the due time in the recipient’s language', () => {
  const t = (key: string, values?: Record<string, string | number>) => `${key} ${JSON.stringify(values)}`;
  const now = new Date(2026, 11, 1, 10, 0);

  it('formats the date with Intl in their language, and minutes when within the hour', () => {
    expect(dueText(new Date(2026, 11, 2, 15, 0).toISOString(), now, 'fr', t)).toMatch(/^due\.at .*déc/);
    expect(dueText(new Date(2026, 11, 2, 15, 0).toISOString(), now, 'de', t)).toMatch(/^due\.at .*Dez/);
    expect(dueText(new Date(2026, 11, 1, 10, 45).toISOString(), now, 'es', t)).toBe(
      'due.soon {"relative":"dentro de 45 minutos"}',
    );
    expect(dueText(new Date(2026, 11, 1, 15, 0).toISOString(), now, 'en', t)).toBe('Due today 15:00');
  });
});

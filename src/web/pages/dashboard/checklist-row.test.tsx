import { describe, expect, it, vi } from 'vitest';
import type { ChecklistSummary } from '#domain/checklist';
import { act, fireEvent, render, screen, waitFor } from '#tests/support/preact-testing-library';
import { mockFetchEachTest } from '#tests/support/web-components';
import { ChecklistRow, type ChecklistRowActions } from './checklist-row.tsx';

mockFetchEachTest();

function summary(index: number): ChecklistSummary {
  const at = new Date().toISOString();
  return {
    id: `c${index}`,
    name: `Turnover ${index}`,
    status: 'not-started',
    progress: 0,
    remarks: '',
    createdAt: at,
    updatedAt: at,
    userId: 'u1',
    createdBy: null,
    assignee: null,
    version: 1,
    submittedAt: null,
    dueAt: null,
    overdue: false,
    cancelled: false,
    approvedAt: null,
    approvedBy: null,
    address: null,
    addressLocation: null,
    taskCount: 3,
    completedCount: 0,
  };
}

function renderRows(count: number) {
  const actions: ChecklistRowActions = {
    onEdit: vi.fn(),
    onShare: vi.fn(),
    onDuplicate: vi.fn(),
    onDelete: vi.fn(),
  };
  render(
    <ul>
      {Array.from({ length: count }, (_, index) => summary(index)).map((checklist) => (
        <ChecklistRow key={checklist.id} checklist={checklist} opening={false} actions={actions} />
      ))}
    </ul>,
  );
  return actions;
}

/** Radix's menu button has an id (its menu points at it); the row's own stand-in has none. */
const isRadixTrigger = (element: Element | null) => Boolean(element?.id);

describe("a dashboard row's menu", () => {
  it('is only its button in every row until one is wanted', () => {
    renderRows(12);
    const buttons = screen.getAllByRole('button', { name: 'Checklist actions' });
    expect(buttons).toHaveLength(12);
    expect(buttons.filter(isRadixTrigger)).toHaveLength(0);
  });

  it('focused: the menu takes the focus over, and Enter opens it on its first item', async () => {
    const actions = renderRows(3);
    const second = screen.getAllByRole('button', { name: 'Checklist actions' })[1];
    act(() => second?.focus());
    await waitFor(() => expect(isRadixTrigger(document.activeElement)).toBe(true));
    // Only the row that was focused draws its menu.
    expect(screen.getAllByRole('button', { name: 'Checklist actions' }).filter(isRadixTrigger)).toHaveLength(
      1,
    );
    await act(async () => {
      fireEvent.keyDown(document.activeElement as Element, { key: 'Enter' });
    });
    expect(await screen.findByRole('menuitem', { name: 'Edit' })).toBe(document.activeElement);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Delete' }));
    expect(actions.onDelete).toHaveBeenCalledWith(expect.objectContaining({ id: 'c1' }));
  });

  it('pressed with a pointer before it was drawn: it opens', async () => {
    renderRows(2);
    const first = screen.getAllByRole('button', { name: 'Checklist actions' })[0] as HTMLElement;
    await act(async () => {
      fireEvent.pointerDown(first, { button: 0 });
    });
    const menu = await screen.findByRole('menu');
    expect(menu.textContent).toContain('Share Link');
  });
});

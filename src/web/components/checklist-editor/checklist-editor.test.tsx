import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHECKLIST_LIMITS, CHECKLIST_MESSAGES, type Checklist } from '#domain/checklist';
import { aChecklist } from '#tests/support/checklist-fixtures';
import { act, cleanup, fireEvent, render, screen, within } from '#tests/support/preact-testing-library';
import type { ChecklistBody } from '../../sync/index.ts';
import { ToastProvider } from '../ui/toast.tsx';
import { ChecklistEditor, type SaveOutcome } from './checklist-editor.tsx';

beforeEach(() => {
  // jsdom lays nothing out: the editor scrolls itself and new tasks into view.
  Element.prototype.scrollIntoView = vi.fn();
});
afterEach(() => cleanup());

const NOW = '2026-11-26T08:00:00.000Z';

function checklist(descriptions: string[]): Checklist {
  return aChecklist({
    id: 'c1',
    name: 'Turnover – Harbour View 4B',
    tasks: descriptions.map((description, index) => ({
      id: `t${index + 1}`,
      description,
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
    })),
    createdAt: NOW,
    updatedAt: NOW,
    userId: 'u1',
    version: 3,
  });
}

function renderEditor(descriptions: string[]) {
  const onSave = vi.fn(
    async (_body: ChecklistBody, _version: number | null): Promise<SaveOutcome> => ({
      status: 'saved',
    }),
  );
  // The editor's reference photos read the query cache (use-reference-photos.tsx).
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ToastProvider>
        <ChecklistEditor
          checklist={checklist(descriptions)}
          onSave={onSave}
          onCancel={() => undefined}
          onShare={() => undefined}
        />
      </ToastProvider>
    </QueryClientProvider>,
  );
  return { onSave };
}

const description = (number: number) =>
  screen.getByRole('textbox', { name: `Task ${number} description` }) as HTMLTextAreaElement;
const values = () =>
  within(screen.getByRole('list', { name: 'Tasks' }))
    .getAllByRole('textbox', { name: /^Task \d+ description$/ })
    .map((field) => (field as HTMLTextAreaElement).value);

/** A key press as the browser sends it; answers whether the browser's own action (a line break) went ahead. */
function press(field: HTMLElement, init: KeyboardEventInit) {
  let allowed = true;
  act(() => {
    allowed = fireEvent.keyDown(field, { key: 'Enter', code: 'Enter', ...init });
  });
  return allowed;
}

describe('the task description (issue 18: wraps on a phone, still one line of text)', () => {
  it('is a one-row text area that grows, with its name, placeholder and limit', () => {
    renderEditor(['Strip beds']);
    const field = description(1);
    expect(field.tagName).toBe('TEXTAREA');
    expect(field.rows).toBe(1);
    expect(field.maxLength).toBe(CHECKLIST_LIMITS.descriptionMax);
    expect(field.placeholder).toBe('Describe the task');
    expect(field.className).toContain('resize-none');
    expect(field.className).toContain('max-h-60');
    expect(field.getAttribute('enterkeyhint')).toBe('next');
  });

  it('Enter goes on to the next task, and from the last one adds a task at the end; no line break', () => {
    renderEditor(['Strip beds', 'Clean the bathroom']);
    const allowed = press(description(1), {});
    expect(allowed).toBe(false);
    expect(values()).toEqual(['Strip beds', 'Clean the bathroom']);
    expect(document.activeElement).toBe(description(2));
    expect(description(2).selectionStart).toBe('Clean the bathroom'.length);

    press(description(2), {});
    expect(values()).toEqual(['Strip beds', 'Clean the bathroom', '']);
    expect(document.activeElement).toBe(description(3));

    // Typed into, and Enter again: the list grows at its end (spec section 4).
    fireEvent.change(description(3), { target: { value: 'Start the laundry' } });
    press(description(3), {});
    expect(values()).toEqual(['Strip beds', 'Clean the bathroom', 'Start the laundry', '']);
    expect(document.activeElement).toBe(description(4));
  });

  it('Enter in a blank last task, Shift+Enter, and Enter that ends a composition add nothing, and no line break', () => {
    renderEditor(['Strip beds', '']);
    expect(press(description(2), {})).toBe(false);
    expect(press(description(1), { shiftKey: true })).toBe(false);
    expect(values()).toEqual(['Strip beds', '']);
    expect(document.activeElement).not.toBe(description(2));
    // Confirming Japanese input with Enter is the input method's, not ours.
    expect(press(description(1), { isComposing: true })).toBe(true);
    expect(values()).toEqual(['Strip beds', '']);
  });

  it('a phone keyboard’s line break (beforeinput) adds the next task instead', () => {
    renderEditor(['Strip beds']);
    const lineBreak = new InputEvent('beforeinput', {
      inputType: 'insertLineBreak',
      bubbles: true,
      cancelable: true,
    });
    act(() => {
      description(1).dispatchEvent(lineBreak);
    });
    expect(lineBreak.defaultPrevented).toBe(true);
    expect(values()).toEqual(['Strip beds', '']);
  });

  it('a pasted line break becomes a space, so no description is saved with one', async () => {
    const { onSave } = renderEditor(['Strip beds']);
    fireEvent.change(description(1), { target: { value: 'Strip beds\nand start the laundry\r\n' } });
    expect(description(1).value).toBe('Strip beds and start the laundry ');
    // Ctrl+Enter saves, as Enter did in the one-line field.
    await act(async () => {
      press(description(1), { ctrlKey: true });
    });
    expect(onSave).toHaveBeenCalledTimes(1);
    expect(onSave.mock.calls[0]?.[0].tasks).toEqual([
      { id: 't1', description: 'Strip beds and start the laundry', photoRequired: false, details: '' },
    ]);
  });

  it('keeps the validation message and takes the person to the blank task', async () => {
    const { onSave } = renderEditor(['Strip beds', '  ']);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    });
    expect((await screen.findByTestId('toast')).textContent).toContain(
      CHECKLIST_MESSAGES.descriptionsRequired,
    );
    expect(document.activeElement).toBe(description(2));
    expect(onSave).not.toHaveBeenCalled();
  });

  it('keeps the drag handles and their names', () => {
    renderEditor(['Strip beds', 'Clean the bathroom']);
    expect(screen.getByRole('button', { name: 'Drag to reorder task 1: Strip beds' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Drag to reorder task 2: Clean the bathroom' })).toBeTruthy();
  });
});

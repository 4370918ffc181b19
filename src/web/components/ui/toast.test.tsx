import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, within } from '#tests/support/preact-testing-library';
import { useToast } from '../../hooks/use-toast.ts';
import { ToastProvider } from './toast.tsx';
import { TOAST_ERROR_MS, TOAST_SUCCESS_MS, type ToastMessage } from './toast-style.ts';

function Trigger({ message }: { message: ToastMessage }) {
  const { toast } = useToast();
  return (
    <button type="button" onClick={() => toast(message)}>
      Show
    </button>
  );
}

function show(message: ToastMessage) {
  render(
    <ToastProvider>
      <Trigger message={message} />
    </ToastProvider>,
  );
  act(() => {
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
  });
  return screen.getByTestId('toast');
}

const SUCCESS = { title: 'Success', description: 'Checklist updated successfully' };
const FAILURE = {
  title: 'Error',
  description: 'Failed to update checklist. Please try again.',
  variant: 'destructive',
} as const;

describe('toasts (issue 18: out of the way, brief for a success, dismissible)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it('a success goes after 3 seconds', () => {
    const toast = show(SUCCESS);
    expect(toast.textContent).toContain('Success Checklist updated successfully');
    act(() => vi.advanceTimersByTime(TOAST_SUCCESS_MS - 100));
    expect(screen.queryByTestId('toast')).not.toBeNull();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByTestId('toast')).toBeNull();
  });

  it('an error stays longer, then goes', () => {
    expect(TOAST_ERROR_MS).toBeGreaterThan(TOAST_SUCCESS_MS * 2);
    show(FAILURE);
    act(() => vi.advanceTimersByTime(TOAST_SUCCESS_MS + 1_000));
    expect(screen.getByTestId('toast').textContent).toContain(FAILURE.description);
    act(() => vi.advanceTimersByTime(TOAST_ERROR_MS - TOAST_SUCCESS_MS));
    expect(screen.queryByTestId('toast')).toBeNull();
  });

  it('Escape dismisses it, wherever the focus is', () => {
    show(FAILURE);
    act(() => {
      fireEvent.keyDown(screen.getByRole('button', { name: 'Show' }), { key: 'Escape' });
    });
    expect(screen.queryByTestId('toast')).toBeNull();
  });

  it('one with a way on stays as long as an error; its button acts, and the toast goes', () => {
    const onSelect = vi.fn();
    show({ title: '“Cabin turnover” was assigned to you', action: { label: 'Open', onSelect } });
    act(() => vi.advanceTimersByTime(TOAST_SUCCESS_MS + 1_000));
    const toast = screen.getByTestId('toast');
    act(() => {
      fireEvent.click(within(toast).getByRole('button', { name: 'Open' }));
    });
    expect(onSelect).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId('toast')).toBeNull();
  });

  it('sits at the top, and swipes away upwards', () => {
    const toast = show(SUCCESS);
    expect(toast.getAttribute('data-swipe-direction')).toBe('up');
    const viewport = toast.parentElement as HTMLElement;
    expect(viewport.className).toContain('top-0');
    expect(viewport.className).not.toContain('bottom-0');
  });
});

import { describe, expect, it } from 'vitest';
import { act, render, screen } from '#tests/support/preact-testing-library';
import { useNextTaskValue } from './use-next-task-value.ts';

function Shown({ value }: { value: string }) {
  return <p>{useNextTaskValue(value)}</p>;
}

const nextTask = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

describe('useNextTaskValue', () => {
  it('has the value at once on the first render, and each change a task later', async () => {
    const { rerender } = render(<Shown value="signed out" />);
    expect(screen.getByText('signed out')).toBeTruthy();

    rerender(<Shown value="Alex" />);
    expect(screen.getByText('signed out')).toBeTruthy();
    await nextTask();
    expect(screen.getByText('Alex')).toBeTruthy();

    // Two changes within one task: only the last is drawn.
    rerender(<Shown value="Sam" />);
    rerender(<Shown value="Kim" />);
    await nextTask();
    expect(screen.getByText('Kim')).toBeTruthy();
  });
});

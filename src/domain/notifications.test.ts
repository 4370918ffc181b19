import { describe, expect, it } from 'vitest';
import { tickMilestoneOf } from './notifications.ts';

describe('tickMilestoneOf', () => {
  it('the only ticked task is the first tick; none left unticked is the last', () => {
    expect(tickMilestoneOf(1, 3)).toBe('first_tick');
    expect(tickMilestoneOf(2, 3)).toBeNull();
    expect(tickMilestoneOf(3, 3)).toBe('last_tick');
  });

  it('a one-task checklist ticked is its last tick; an empty one never tells', () => {
    expect(tickMilestoneOf(1, 1)).toBe('last_tick');
    expect(tickMilestoneOf(0, 0)).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { type NotificationKind, notificationDetail, notificationTitle } from './notification-texts.ts';
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

describe('the automation notices in words', () => {
  const notice = (kind: NotificationKind, reason: string | null) => ({
    kind,
    checklistName: 'Harbour View — 2026-12-07',
    recipient: null,
    by: null,
    reason,
  });

  it('a refused automatic share names the made checklist and sends the owner to share it by hand', () => {
    const refused = notice('share_not_sent', 'It was not sent to Sam: This number cannot be texted.');
    expect(notificationTitle(refused)).toBe('“Harbour View — 2026-12-07” was made but not sent');
    expect(notificationDetail(refused)).toBe(
      'It was not sent to Sam: This number cannot be texted. Share it from the checklist.',
    );
  });

  it('a skipped run and a failing calendar say why in their own words', () => {
    const skipped = {
      ...notice('schedule_skipped', 'Your plan allows 100 checklists.'),
      checklistName: 'Rounds',
    };
    expect(notificationTitle(skipped)).toBe('The schedule “Rounds” skipped a checklist');
    expect(notificationDetail(skipped)).toBe('Your plan allows 100 checklists.');
    const failing = {
      ...notice('calendar_failing', 'The calendar address answered 404 Not Found'),
      checklistName: 'Old Mill',
    };
    expect(notificationTitle(failing)).toBe('The calendar “Old Mill” could not be synced');
    expect(notificationDetail(failing)).toBe('The calendar address answered 404 Not Found');
  });
});

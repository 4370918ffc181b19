import { describe, expect, it } from 'vitest';
import type { Notification } from '#domain/notification-texts';
import { notificationDetail, notificationTitle } from '#domain/notification-texts';
import { withArrived } from './use-notifications.ts';

const arrived: Notification = {
  id: 'ntf_2',
  kind: 'submitted',
  checklistId: 'c1',
  checklistName: 'Cabin turnover',
  shareId: 's1',
  recipient: 'Jane (j•••e@example.com)',
  by: null,
  reason: null,
  createdAt: '2026-11-26T08:00:00.000Z',
  readAt: null,
};

describe('a notification arriving live', () => {
  it('goes first in the list and counts as unread once, however often it arrives', () => {
    const older = { ...arrived, id: 'ntf_1', readAt: '2026-11-26T07:00:00.000Z' };
    const once = withArrived({ notifications: [older], unreadCount: 0 }, arrived);
    expect(once).toEqual({ notifications: [arrived, older], unreadCount: 1 });
    expect(withArrived(once, arrived)).toBe(once);
  });

  it('starts a list that was not loaded yet', () => {
    expect(withArrived(undefined, arrived)).toEqual({ notifications: [arrived], unreadCount: 1 });
  });

  it('reads as a title and a line for each kind', () => {
    expect(notificationTitle(arrived)).toBe('“Cabin turnover” was submitted');
    expect(notificationDetail(arrived)).toBe('By Jane (j•••e@example.com).');
    expect(notificationTitle({ ...arrived, kind: 'code_not_received' })).toBe(
      "A recipient of “Cabin turnover” didn't get a code",
    );
    expect(notificationDetail({ ...arrived, kind: 'last_tick', recipient: null })).toBe(
      'A recipient ticked the last task.',
    );
  });
});

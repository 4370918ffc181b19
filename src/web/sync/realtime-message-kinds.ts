import type { RealtimeServerMessage } from '#domain/realtime';

/** What each kind of listener of the tab's one socket hears (realtime-client.ts). */

/** Messages about one checklist, and the ones meant for every page (`resync`). */
export type ChecklistMessage = Extract<
  RealtimeServerMessage,
  {
    type: 'subscribed' | 'update' | 'deleted' | 'error' | 'resync' | 'translation-ready' | 'shares-changed';
  }
>;
/** An error naming no checklist ends the dashboard's subscription (the owner's session ended). */
export type DashboardMessage = Extract<
  RealtimeServerMessage,
  {
    type: 'dashboard-subscribed' | 'dashboard-changed' | 'plan-changed' | 'team-changed' | 'resync' | 'error';
  }
>;

/** The owner's notifications (the header's badge): each new one, and its acknowledgement. */
export type NotificationMessage = Extract<
  RealtimeServerMessage,
  { type: 'notifications-subscribed' | 'notification' | 'resync' | 'error' }
>;

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import {
  type Notification,
  type NotificationList,
  type NotificationPreferences,
  notificationDetail,
  notificationTitle,
} from '#domain/notification-texts';
import { apiRequest } from '../lib/api.ts';
import { type RealtimeClient, realtimeClient } from '../sync/index.ts';
import { type ToastMessage, useToast } from './use-toast.ts';

/**
 * The owner's notifications (decision 0024): the list and its unread count, kept live over the
 * realtime socket (a new one is laid into the list at once and toasted), marking read, and the
 * e-mail settings.
 */
export const NOTIFICATIONS_KEY = ['/api/notifications'] as const;
export const NOTIFICATION_SETTINGS_KEY = ['/api/settings/notifications'] as const;

export function useNotifications(enabled: boolean) {
  return useQuery({
    queryKey: NOTIFICATIONS_KEY,
    queryFn: ({ signal }) => apiRequest<NotificationList>('GET', '/api/notifications', undefined, { signal }),
    enabled,
  });
}

/** A notification that arrived live, laid into the cached list (newest first, counted unread once). */
export function withArrived(list: NotificationList | undefined, arrived: Notification): NotificationList {
  const current = list ?? { notifications: [], unreadCount: 0 };
  if (current.notifications.some((notification) => notification.id === arrived.id)) return current;
  return {
    notifications: [arrived, ...current.notifications],
    unreadCount: current.unreadCount + (arrived.readAt ? 0 : 1),
  };
}

/**
 * While an owner is signed in: follows their notifications on the socket; each new one goes into the
 * list and shows a toast that leads to its checklist. After a reconnect (the acknowledgement) or a resync, the list is refetched:
 * one may have come while the socket was away.
 */
export function useLiveNotifications(enabled: boolean, client: RealtimeClient = realtimeClient()): void {
  const queryClient = useQueryClient();
  const { toast } = useToast();
  const [, navigate] = useLocation();
  const markRead = useMarkNotificationsRead();
  // The latest of each, for the toasts of a subscription made once.
  const latest = useRef({ toast, navigate, markRead: markRead.mutate });
  latest.current = { toast, navigate, markRead: markRead.mutate };
  useEffect(() => {
    if (!enabled) return;
    let first = true;
    return client.subscribeNotifications((message) => {
      switch (message.type) {
        case 'notification':
          queryClient.setQueryData<NotificationList>(NOTIFICATIONS_KEY, (list) =>
            withArrived(list, message.notification),
          );
          latest.current.toast(notificationToast(message.notification, latest.current));
          return;
        case 'notifications-subscribed':
          if (first) {
            first = false;
            return;
          }
          void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY, exact: true });
          return;
        case 'resync':
          void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY, exact: true });
          return;
        case 'error':
          return;
      }
    });
  }, [enabled, client, queryClient]);
}

/** Where a notification leads: its checklist, or the automation page for a schedule's or calendar's. */
export function notificationPath(notification: Pick<Notification, 'checklistId' | 'kind'>): string {
  // The team's storage (80% used, or full when a recipient's photo was refused): its meter.
  if (notification.kind === 'storage_warning' || notification.kind === 'storage_full')
    return '/settings/team';
  return notification.checklistId === null
    ? '/automation'
    : `/checklist/${encodeURIComponent(notification.checklistId)}`;
}

/**
 * A notification's toast: its words, and 'Open' to go to its checklist (marked read on the way, as
 * choosing it in the menu does).
 */
export function notificationToast(
  notification: Notification,
  go: { navigate(path: string): void; markRead(ids: string[]): void },
): ToastMessage {
  return {
    title: notificationTitle(notification),
    description: notificationDetail(notification),
    action: {
      label: 'Open',
      onSelect: () => {
        if (!notification.readAt) go.markRead([notification.id]);
        go.navigate(notificationPath(notification));
      },
    },
  };
}

/** Marks these (or, with none, all) read; the badge drops at once. */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (ids: string[] | undefined) =>
      apiRequest<void>('POST', '/api/notifications/read', ids ? { ids } : {}),
    onMutate: (ids) => {
      const now = new Date().toISOString();
      queryClient.setQueryData<NotificationList>(NOTIFICATIONS_KEY, (list) => {
        if (!list) return list;
        const marked = list.notifications.map((notification) =>
          !notification.readAt && (!ids || ids.includes(notification.id))
            ? { ...notification, readAt: now }
            : notification,
        );
        const newlyRead = marked.filter((n, i) => n.readAt && !list.notifications[i]?.readAt).length;
        return {
          notifications: marked,
          unreadCount: ids ? Math.max(0, list.unreadCount - newlyRead) : 0,
        };
      });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY, exact: true }),
  });
}

export function useNotificationSettings() {
  return useQuery({
    queryKey: NOTIFICATION_SETTINGS_KEY,
    queryFn: ({ signal }) =>
      apiRequest<{ preferences: NotificationPreferences }>('GET', '/api/settings/notifications', undefined, {
        signal,
      }),
    select: (data) => data.preferences,
  });
}

export function useSaveNotificationSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (preferences: NotificationPreferences) =>
      apiRequest<{ preferences: NotificationPreferences }>('PUT', '/api/settings/notifications', preferences),
    onSuccess: (data) => queryClient.setQueryData(NOTIFICATION_SETTINGS_KEY, data),
  });
}

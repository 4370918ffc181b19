import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Bell, CheckCheck, MailPlus, Settings, UserPen } from 'lucide-react';
import type { ReactNode } from 'react';
import { useLocation } from 'wouter';
import { type Notification, notificationDetail, notificationTitle } from '#domain/notification-texts';
import {
  notificationPath,
  useLiveNotifications,
  useMarkNotificationsRead,
  useNotifications,
} from '../hooks/use-notifications.ts';
import { useSendNewLink } from '../hooks/use-shares.ts';
import { useToast } from '../hooks/use-toast.ts';
import { isApiError } from '../lib/api.ts';
import { cn } from '../lib/cn.ts';
import { relativeTime } from '../lib/relative-time.ts';

/** The bell's menu, with the owner's notifications followed live (new ones toasted and counted). */
export function LiveNotificationsMenu() {
  useLiveNotifications(true);
  return <NotificationsMenu />;
}

/**
 * The header's bell (decision 0024): the unread count as a badge, and a menu of the newest
 * notifications. Choosing one opens its checklist and marks it read; a recipient who got no code
 * can be sent a new one from here, or the owner can go and share with another contact.
 */
export function NotificationsMenu() {
  const { data } = useNotifications(true);
  const markRead = useMarkNotificationsRead();
  const [, navigate] = useLocation();
  const unread = data?.unreadCount ?? 0;
  const notifications = data?.notifications ?? [];
  const label = unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';

  function open(notification: Notification, path = notificationPath(notification)) {
    if (!notification.readAt) markRead.mutate([notification.id]);
    navigate(path);
  }

  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger
        aria-label={label}
        data-testid="notifications-button"
        className="relative inline-flex h-9 w-8 items-center sm:w-9 justify-center rounded-lg text-slate-700 outline-none hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-indigo-500"
      >
        <Bell className="h-5 w-5" aria-hidden="true" />
        {unread > 0 && (
          <span
            data-testid="notifications-badge"
            aria-hidden="true"
            className="absolute -end-0.5 -top-0.5 inline-flex h-5 min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-[11px] font-bold leading-none text-white"
          >
            {unread > 99 ? '99+' : unread}
          </span>
        )}
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={6}
          collisionPadding={8}
          aria-label="Notifications"
          className="z-50 max-h-[min(32rem,80vh)] w-[min(24rem,calc(100vw-1rem))] overflow-y-auto rounded-xl border border-slate-200 bg-white p-1 shadow-lg"
        >
          <div className="flex items-center justify-between gap-2 px-3 py-2">
            <span className="text-sm font-semibold text-slate-900">Notifications</span>
            <DropdownMenu.Item
              disabled={unread === 0}
              onSelect={(event) => {
                event.preventDefault();
                markRead.mutate(undefined);
              }}
              className="flex h-8 cursor-pointer items-center gap-1 rounded-lg px-2 text-xs font-medium text-indigo-700 outline-none select-none data-disabled:cursor-default data-disabled:text-slate-400 data-highlighted:bg-indigo-50"
            >
              <CheckCheck className="h-4 w-4" aria-hidden="true" />
              Mark all read
            </DropdownMenu.Item>
          </div>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-100" />
          {notifications.length === 0 ? (
            <p className="px-3 py-6 text-center text-sm text-slate-500" data-testid="notifications-empty">
              Nothing yet. You'll be told here when a recipient submits a checklist or someone on your team
              assigns one to you.
            </p>
          ) : (
            notifications.map((notification) => (
              <NotificationEntry key={notification.id} notification={notification} onOpen={open} />
            ))
          )}
          <DropdownMenu.Separator className="my-1 h-px bg-slate-100" />
          <MenuRow
            icon={<Settings className="h-4 w-4" aria-hidden="true" />}
            onSelect={() => navigate('/settings')}
          >
            Notification settings
          </MenuRow>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

function NotificationEntry({
  notification,
  onOpen,
}: {
  notification: Notification;
  onOpen(notification: Notification, path?: string): void;
}) {
  const unread = !notification.readAt;
  const canResend =
    notification.kind === 'code_not_received' &&
    notification.shareId !== null &&
    notification.checklistId !== null;
  return (
    <div data-testid="notification" data-unread={unread || undefined}>
      <DropdownMenu.Item
        onSelect={() => onOpen(notification)}
        className="flex cursor-pointer gap-2 rounded-lg px-3 py-2 outline-none select-none data-highlighted:bg-slate-100"
      >
        <span
          aria-hidden="true"
          className={cn('mt-1.5 h-2 w-2 shrink-0 rounded-full', unread ? 'bg-indigo-600' : 'bg-transparent')}
        />
        <span className="grid min-w-0 gap-0.5">
          <span className={cn('text-sm text-slate-900', unread && 'font-semibold')}>
            {unread && <span className="sr-only">Unread: </span>}
            <bdi>{notificationTitle(notification)}</bdi>
          </span>
          <span className="text-xs text-slate-600">{notificationDetail(notification)}</span>
          <time dateTime={notification.createdAt} className="text-xs text-slate-400">
            {relativeTime(notification.createdAt)}
          </time>
        </span>
      </DropdownMenu.Item>
      {canResend && <CodeNotReceivedActions notification={notification} onOpen={onOpen} />}
    </div>
  );
}

/** 'Send a new code' (a new link and code to the same contact: the share dialog's new-link route) and 'Change the contact'. */
function CodeNotReceivedActions({
  notification,
  onOpen,
}: {
  notification: Notification;
  onOpen(notification: Notification, path?: string): void;
}) {
  const checklistId = notification.checklistId as string;
  const newLink = useSendNewLink(checklistId);
  const { toast } = useToast();
  const shareId = notification.shareId as string;
  return (
    <div className="ms-7 mb-1 flex flex-wrap gap-1">
      <MenuRow
        compact
        icon={<MailPlus className="h-4 w-4" aria-hidden="true" />}
        onSelect={() => {
          // mutateAsync: the menu closes at once, and the answer is toasted all the same.
          newLink.mutateAsync(shareId).then(
            () =>
              toast({
                title: 'New code sent',
                description: `A new link and code went to ${notification.recipient ?? 'the recipient'}.`,
              }),
            (error: unknown) =>
              toast({
                title: 'Could not send a new code',
                description: (isApiError(error) && error.serverMessage) || 'Please try again.',
                variant: 'destructive',
              }),
          );
          onOpen(notification);
        }}
      >
        Send a new code
      </MenuRow>
      <MenuRow
        compact
        icon={<UserPen className="h-4 w-4" aria-hidden="true" />}
        onSelect={() => onOpen(notification, `/checklist/${encodeURIComponent(checklistId)}?share=new`)}
      >
        Change the contact
      </MenuRow>
    </div>
  );
}

function MenuRow({
  icon,
  onSelect,
  compact,
  children,
}: {
  icon: ReactNode;
  onSelect(): void;
  compact?: boolean;
  children: ReactNode;
}) {
  return (
    <DropdownMenu.Item
      onSelect={onSelect}
      className={cn(
        'flex cursor-pointer items-center gap-2 rounded-lg text-sm outline-none select-none data-highlighted:bg-slate-100',
        compact ? 'h-8 px-2 text-xs font-medium text-indigo-700' : 'h-10 px-3 text-slate-800',
      )}
    >
      {icon}
      {children}
    </DropdownMenu.Item>
  );
}

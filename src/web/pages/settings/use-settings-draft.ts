import { type FormEvent, useEffect, useState } from 'react';
import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  type EmailKind,
  type NotificationPreferences,
} from '#domain/notification-texts';
import { useNotificationSettings, useSaveNotificationSettings } from '../../hooks/use-notifications.ts';
import { useToast } from '../../hooks/use-toast.ts';

/**
 * The settings form's draft: the saved preferences once they load, changed by the boxes, saved on
 * submit (the server's answer becomes the new draft).
 */
export function useSettingsDraft() {
  const settings = useNotificationSettings();
  const save = useSaveNotificationSettings();
  const { toast } = useToast();
  const [draft, setDraft] = useState<NotificationPreferences | null>(null);

  useEffect(() => {
    if (settings.data && draft === null) setDraft(settings.data);
  }, [settings.data, draft]);

  const shown = draft ?? settings.data ?? DEFAULT_NOTIFICATION_PREFERENCES;
  const ready = draft !== null;
  const changed = ready && JSON.stringify(draft) !== JSON.stringify(settings.data);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!draft) return;
    try {
      const saved = await save.mutateAsync(draft);
      setDraft(saved.preferences);
      toast({ title: 'Settings saved' });
    } catch {
      toast({
        title: 'Could not save your settings',
        description: 'Please try again.',
        variant: 'destructive',
      });
    }
  }

  return {
    shown,
    ready,
    changed,
    saving: save.isPending,
    loadFailed: settings.isError,
    submit,
    setTickNotices: (on: boolean) => setDraft((current) => current && { ...current, tickNotices: on }),
    setEmail: (kind: EmailKind, on: boolean) =>
      setDraft((current) => current && { ...current, email: { ...current.email, [kind]: on } }),
  };
}

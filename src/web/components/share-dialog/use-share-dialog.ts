import { useState } from 'react';
import { SHARE_MESSAGES, type ShareResponse } from '#domain/sharing';
import { useSendShare } from '../../hooks/use-shares.ts';
import { shareErrorMessage } from './share-error.ts';
import {
  initialShareForm,
  type ShareFormProblem,
  type ShareFormState,
  shareSendBody,
  validateShareForm,
} from './share-form.ts';

/**
 * The share dialog's state (share-dialog.tsx): the form, the problem it shows, and once sent, the
 * answer with its link (and a newer link on request). Every open starts afresh.
 */

interface Sent {
  result: ShareResponse;
  regenerated: boolean;
  error: string | null;
}

export function useShareDialog(open: boolean, checklistId: string | null) {
  const send = useSendShare();
  const [form, setForm] = useState<ShareFormState>(initialShareForm);
  const [problem, setProblem] = useState<ShareFormProblem | null>(null);
  const [sent, setSent] = useState<Sent | null>(null);
  const [wasOpen, setWasOpen] = useState(open);

  // Every open starts afresh (spec section 4): Email tab, English, empty fields, consents unticked.
  if (open !== wasOpen) {
    setWasOpen(open);
    if (open) {
      setForm(initialShareForm());
      setProblem(null);
      setSent(null);
      send.reset();
    }
  }

  function change(next: Partial<ShareFormState>) {
    setForm((current) => ({ ...current, ...next }));
    // The user is acting on what the banner said: it goes until the next attempt.
    setProblem(null);
  }

  /** Sends for the form's active tab; answers the response, or null after showing why it failed. */
  async function request(newLink: boolean): Promise<ShareResponse | string> {
    if (!checklistId) return SHARE_MESSAGES.missingChecklistId;
    try {
      const response = await send.mutateAsync(shareSendBody(form, checklistId, newLink));
      return response?.shareUrl ? response : SHARE_MESSAGES.noShareUrl;
    } catch (error) {
      console.warn(newLink ? 'Generating a new share link failed' : 'Sharing the checklist failed', error);
      return shareErrorMessage(error);
    }
  }

  async function submit() {
    if (send.isPending) return;
    const found = validateShareForm(form, checklistId);
    setProblem(found);
    if (found) return;
    const outcome = await request(false);
    if (typeof outcome === 'string') setProblem({ message: outcome, field: null });
    else setSent({ result: outcome, regenerated: false, error: null });
  }

  async function generateNewLink() {
    if (send.isPending || !sent) return;
    setSent({ ...sent, error: null });
    const outcome = await request(true);
    setSent((current) =>
      typeof outcome === 'string'
        ? current && { ...current, error: outcome }
        : { result: outcome, regenerated: true, error: null },
    );
  }

  return { form, change, problem, sent, pending: send.isPending, submit, generateNewLink };
}

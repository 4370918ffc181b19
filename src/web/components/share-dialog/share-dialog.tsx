import { useState } from 'react';
import { SHARE_MESSAGES, type ShareResponse } from '#domain/sharing';
import { useSubscription } from '../../hooks/use-checklists.ts';
import { useSendShare } from '../../hooks/use-shares.ts';
import { getPublicConfig } from '../../lib/public-config.ts';
import { ModalDialog } from '../ui/dialog.tsx';
import { shareErrorMessage } from './share-error.ts';
import {
  initialShareForm,
  type ShareFormProblem,
  type ShareFormState,
  shareSendBody,
  validateShareForm,
} from './share-form.ts';
import { ShareFormView } from './share-form-view.tsx';
import { ShareSuccessView } from './share-success-view.tsx';

export interface ShareDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The checklist to share; null is refused with the spec's 'missing checklist ID' message. */
  checklistId: string | null;
  checklistName?: string | null;
  /** Focus target on close when the element that opened the dialog is gone. */
  returnFocusTo?: () => HTMLElement | null | undefined;
}

interface Sent {
  result: ShareResponse;
  regenerated: boolean;
  error: string | null;
}

/**
 * 'Share Checklist' (spec sections 2, 4, 5 and 8): sends a link and a verification code by e-mail or
 * text message, then shows the link. Starts afresh on every open.
 */
export default function ShareDialog({
  open,
  onOpenChange,
  checklistId,
  checklistName = null,
  returnFocusTo,
}: ShareDialogProps) {
  const send = useSendShare();
  const subscription = useSubscription();
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

  const plan = subscription.data;
  return (
    <ModalDialog
      open={open}
      onOpenChange={onOpenChange}
      busy={send.isPending}
      returnFocusTo={returnFocusTo}
      title={SHARE_MESSAGES.dialogTitle}
      description={SHARE_MESSAGES.dialogSubtitle}
    >
      {sent ? (
        <ShareSuccessView
          result={sent.result}
          localMode={getPublicConfig().localMode}
          regenerated={sent.regenerated}
          error={sent.error}
          pending={send.isPending}
          onGenerateNewLink={() => void generateNewLink()}
          onDone={() => onOpenChange(false)}
        />
      ) : (
        <ShareFormView
          checklistName={checklistName}
          form={form}
          onChange={change}
          problem={problem}
          plan={plan ? { tier: plan.tier, allowedLanguages: plan.allowedLanguages } : undefined}
          pending={send.isPending}
          onSubmit={() => void submit()}
          onCancel={() => onOpenChange(false)}
        />
      )}
    </ModalDialog>
  );
}

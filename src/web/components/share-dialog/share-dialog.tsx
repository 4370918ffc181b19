import { SHARE_MESSAGES } from '#domain/sharing';
import { useSubscription } from '../../hooks/use-checklists.ts';
import { getPublicConfig } from '../../lib/public-config.ts';
import { ModalDialog } from '../ui/dialog.tsx';
import { ShareFormView } from './share-form-view.tsx';
import { ShareSuccessView } from './share-success-view.tsx';
import { useShareDialog } from './use-share-dialog.ts';

export interface ShareDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The checklist to share; null is refused with the spec's 'missing checklist ID' message. */
  checklistId: string | null;
  checklistName?: string | null;
  /** Focus target on close when the element that opened the dialog is gone. */
  returnFocusTo?: () => HTMLElement | null | undefined;
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
  const { form, change, problem, sent, pending, submit, generateNewLink } = useShareDialog(open, checklistId);
  const subscription = useSubscription();
  const plan = subscription.data;
  return (
    <ModalDialog
      open={open}
      onOpenChange={onOpenChange}
      busy={pending}
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
          pending={pending}
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
          pending={pending}
          onSubmit={() => void submit()}
          onCancel={() => onOpenChange(false)}
        />
      )}
    </ModalDialog>
  );
}

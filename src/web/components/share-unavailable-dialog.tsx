import { Button } from './ui/button.tsx';
import { ModalDialog } from './ui/dialog.tsx';

/**
 * What 'Share Link' opens until verified sharing exists on the server: it says so plainly, and
 * shows no link and sends nothing.
 */
export function ShareUnavailableDialog({
  checklistName,
  open,
  onOpenChange,
  returnFocusTo,
}: {
  checklistName: string | null;
  open: boolean;
  onOpenChange(open: boolean): void;
  returnFocusTo?: () => HTMLElement | null | undefined;
}) {
  return (
    <ModalDialog
      open={open}
      onOpenChange={onOpenChange}
      returnFocusTo={returnFocusTo}
      title="Sharing is not available yet"
      description={
        <>
          Sharing a checklist by link and verification code is not available on this server yet.
          {checklistName
            ? ` No link was created for “${checklistName}” and nothing was sent.`
            : ' Nothing was sent.'}
        </>
      }
    >
      <div className="mt-6 flex justify-end">
        <Button onClick={() => onOpenChange(false)}>OK</Button>
      </div>
    </ModalDialog>
  );
}

import { useCallback, useState } from 'react';
import type { SignatureSubmission } from '#domain/signature';
import { SignaturePad } from '../../components/signature/signature-pad.tsx';
import { Button } from '../../components/ui/button.tsx';
import { ModalDialog } from '../../components/ui/dialog.tsx';
import { useT } from '../../i18n/i18n.tsx';

/**
 * The submit of a checklist that must be signed (issue 34): the pad (or the typed name) in a dialog,
 * 'Sign and submit' once there is a signature. A chunk of its own: only such a checklist fetches it.
 */

export interface SignatureDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** Sends the submit with this signature; the dialog stays open (busy) while `pending`. */
  onSign(signature: SignatureSubmission): void;
  pending: boolean;
}

export default function SignatureDialog({ open, onOpenChange, onSign, pending }: SignatureDialogProps) {
  const t = useT();
  const [signature, setSignature] = useState<SignatureSubmission | null>(null);
  const [tried, setTried] = useState(false);
  const onChange = useCallback((next: SignatureSubmission | null) => setSignature(next), []);
  return (
    <ModalDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('signature.title')}
      description={t('signature.description')}
      busy={pending}
      className="max-w-lg"
    >
      <form
        className="mt-4"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          setTried(true);
          if (signature) onSign(signature);
        }}
      >
        <SignaturePad onChange={onChange} />
        {tried && !signature && (
          <p role="alert" className="mt-2 text-sm text-red-700">
            {t('signature.incomplete')}
          </p>
        )}
        <div className="mt-5 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button type="button" variant="secondary" disabled={pending} onClick={() => onOpenChange(false)}>
            {t('common.cancel')}
          </Button>
          <Button
            type="submit"
            disabled={pending}
            aria-busy={pending || undefined}
            data-testid="sign-and-submit"
          >
            {pending ? t('checklist.submitting') : t('signature.submit')}
          </Button>
        </div>
      </form>
    </ModalDialog>
  );
}

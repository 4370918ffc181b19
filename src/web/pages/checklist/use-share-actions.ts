import { useState } from 'react';
import type { ShareSummary } from '#domain/sharing';
import { useRevokeShare, useSendNewLink } from '../../hooks/use-shares.ts';
import { useToast } from '../../hooks/use-toast.ts';
import { isApiError } from '../../lib/api.ts';
import { recipientLabel } from './share-row.tsx';

export const REVOKE_MESSAGES = {
  title: 'Revoke access?',
  confirm: 'Revoke',
  revokedTitle: 'Access revoked',
  failed: 'Failed to revoke access. Please try again.',
} as const;

/** What 'Shared with' does to one recipient: revoke (asked first) and send a new link, each told in a toast. */
export function useShareActions(checklistId: string) {
  const { toast } = useToast();
  const revoke = useRevokeShare(checklistId);
  const newLink = useSendNewLink(checklistId);
  /** The share the confirmation is about; kept while the dialog fades out. */
  const [target, setTarget] = useState<ShareSummary | null>(null);
  const [confirmOpen, setConfirmOpen] = useState(false);

  function askRevoke(share: ShareSummary) {
    setTarget(share);
    setConfirmOpen(true);
  }

  async function confirmRevoke() {
    if (!target) return;
    let revoked = true;
    try {
      await revoke.mutateAsync(target.id);
    } catch (error) {
      // A 404 means revoked already (in another tab): the list refreshes and the outcome is the same.
      revoked = isApiError(error) && error.status === 404;
      if (!revoked) console.warn('Revoking the share failed', error);
    }
    setConfirmOpen(false);
    toast(
      revoked
        ? {
            title: REVOKE_MESSAGES.revokedTitle,
            description: `${recipientLabel(target)} can no longer open this checklist.`,
          }
        : { title: 'Error', description: REVOKE_MESSAGES.failed, variant: 'destructive' },
    );
  }

  async function sendNewLink(share: ShareSummary) {
    try {
      const sent = await newLink.mutateAsync(share.id);
      toast({
        title: 'New link sent',
        description: `${recipientLabel(share)} gets a new link and code at ${sent.maskedEmail ?? sent.maskedPhone ?? share.maskedContact}. The old link stays locked.`,
      });
    } catch (error) {
      console.warn('Sending a new link failed', error);
      const description =
        isApiError(error) && error.code === 'rate_limited'
          ? 'Many codes were sent in the last hour. Please try again later.'
          : 'The new link could not be sent. Please try again.';
      toast({ title: 'Error', description, variant: 'destructive' });
    }
  }

  return {
    target,
    confirmOpen,
    setConfirmOpen,
    revoking: revoke.isPending,
    /** The share a new link is being sent to, while it is. */
    sendingNewLinkTo: newLink.isPending ? newLink.variables : undefined,
    askRevoke,
    confirmRevoke,
    sendNewLink,
  };
}

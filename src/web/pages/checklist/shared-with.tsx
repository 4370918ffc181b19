import { Share2, Users } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { LazyShareDialog, preloadShareDialog } from '../../components/share-dialog/lazy-share-dialog.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { LazyConfirmDialog } from '../../components/ui/lazy-dialog.tsx';
import { useShares } from '../../hooks/use-shares.ts';
import { recipientLabel, ShareRow, ShareRowSkeleton } from './share-row.tsx';
import { REVOKE_MESSAGES, useShareActions } from './use-share-actions.ts';

/** The recipients once loaded (or none yet), a way to try again when they could not be, else placeholders. */
function Recipients({
  shares,
  actions,
}: {
  shares: ReturnType<typeof useShares>;
  actions: ReturnType<typeof useShareActions>;
}) {
  const list = shares.data;
  if (list) {
    return list.length === 0 ? (
      <p className="pt-2 pb-3 text-sm text-slate-500" data-testid="shared-with-empty">
        Not shared yet. Send a link and a code to someone to complete it from their phone; they need no
        account.
      </p>
    ) : (
      <ul aria-label="Recipients" className="mt-1 divide-y divide-slate-100">
        {list.map((share) => (
          <ShareRow
            key={share.id}
            share={share}
            onRevoke={actions.askRevoke}
            onNewLink={(target) => void actions.sendNewLink(target)}
            sendingNewLink={actions.sendingNewLinkTo === share.id}
          />
        ))}
      </ul>
    );
  }
  return shares.isError ? (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1 pt-2 pb-3 text-sm text-slate-600">
      <p>Who this checklist is shared with could not be loaded.</p>
      <Button variant="subtle" size="sm" className="-ms-3 sm:ms-0" onClick={() => void shares.refetch()}>
        Try again
      </Button>
    </div>
  ) : (
    <ul aria-label="Loading recipients" aria-busy="true">
      <ShareRowSkeleton />
    </ul>
  );
}

/**
 * 'Shared with' on the owner's checklist page: each recipient with the state of their link, a
 * Revoke (asked first), and a Share button that opens the share dialog.
 */
export function SharedWith({ checklistId, checklistName }: { checklistId: string; checklistName: string }) {
  const shares = useShares(checklistId);
  const actions = useShareActions(checklistId);
  const { target } = actions;
  const [sharing, setSharing] = useState(false);
  const shareButton = useRef<HTMLButtonElement>(null);

  // '?share=new' (a notification's 'Change the contact'): the share dialog opens at once, once.
  useEffect(() => {
    const url = new URL(window.location.href);
    if (url.searchParams.get('share') !== 'new') return;
    url.searchParams.delete('share');
    window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`);
    setSharing(true);
  }, []);

  const list = shares.data;
  return (
    <Card className="mt-6 px-4 pt-3 pb-1 sm:px-5" role="region" aria-labelledby="shared-with-title">
      <div className="flex items-center justify-between gap-3">
        <h2 id="shared-with-title" className="flex items-center gap-2 text-base font-semibold text-slate-900">
          <Users className="h-4 w-4 text-slate-500" aria-hidden="true" />
          Shared with
          {list && list.length > 0 && (
            <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700">
              {list.length}
            </span>
          )}
        </h2>
        <Button
          ref={shareButton}
          variant="secondary"
          size="sm"
          onClick={() => setSharing(true)}
          onPointerEnter={preloadShareDialog}
          onFocus={preloadShareDialog}
        >
          <Share2 className="h-4 w-4" aria-hidden="true" />
          Share
        </Button>
      </div>

      <Recipients shares={shares} actions={actions} />

      <LazyConfirmDialog
        open={actions.confirmOpen}
        onOpenChange={actions.setConfirmOpen}
        title={REVOKE_MESSAGES.title}
        description={
          target
            ? `${recipientLabel(target)} (${target.maskedContact}) will no longer be able to open this checklist. Their link stops working at once.`
            : ''
        }
        confirmLabel={REVOKE_MESSAGES.confirm}
        destructive
        pending={actions.revoking}
        onConfirm={() => void actions.confirmRevoke()}
        returnFocusTo={() => shareButton.current}
      />
      <LazyShareDialog
        open={sharing}
        onOpenChange={setSharing}
        checklistId={checklistId}
        checklistName={checklistName}
      />
    </Card>
  );
}

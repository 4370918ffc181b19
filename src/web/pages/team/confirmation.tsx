import { type ReactNode, useState } from 'react';
import { LazyConfirmDialog } from '../../components/ui/lazy-dialog.tsx';

/** A question the Team page asks before an action that cannot be undone from here. */
export interface Confirmation {
  title: string;
  description: string;
  confirmLabel: string;
  destructive?: boolean;
  /** The action; the dialog stays open (its buttons disabled) until it settles. Its failure is told by it. */
  run(): Promise<unknown>;
}

/** Asks a question (opens the page's confirmation dialog). */
export type Ask = (question: Confirmation) => void;

/**
 * One confirmation dialog for the whole page: `ask` opens it with a question, `dialog` is what to
 * draw. What was asked stays after closing, so the dialog closes with its words on it.
 */
export function useConfirmation(): { ask: Ask; dialog: ReactNode } {
  const [asked, setAsked] = useState<Confirmation | null>(null);
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);

  async function confirm() {
    if (!asked || pending) return;
    setPending(true);
    try {
      await asked.run();
    } catch {
      // Told by the action itself (a toast).
    } finally {
      setPending(false);
      setOpen(false);
    }
  }

  const dialog = asked && (
    <LazyConfirmDialog
      open={open}
      onOpenChange={setOpen}
      title={asked.title}
      description={asked.description}
      confirmLabel={asked.confirmLabel}
      destructive={asked.destructive}
      pending={pending}
      onConfirm={() => void confirm()}
    />
  );
  return {
    ask(question) {
      setAsked(question);
      setOpen(true);
    },
    dialog,
  };
}

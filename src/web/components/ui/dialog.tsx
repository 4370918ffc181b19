import * as AlertDialogPrimitive from '@radix-ui/react-alert-dialog';
import * as DialogPrimitive from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { type ReactNode, useEffect, useLayoutEffect, useRef } from 'react';
import { useT } from '../../i18n/i18n.tsx';
import { cn } from '../../lib/cn.ts';
import { Button } from './button.tsx';

const OVERLAY = 'dialog-overlay pointer-events-auto fixed inset-0 z-50 bg-slate-900/50';
const CONTENT = cn(
  'dialog-content fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2',
  'max-h-[calc(100dvh-2rem)] overflow-y-auto rounded-2xl bg-white p-5 shadow-xl sm:p-6',
  'focus-visible:outline-2 focus-visible:outline-indigo-600',
);
const TITLE_TEXT = 'text-lg font-semibold text-slate-900';
/** Room on the right for the close button. */
const TITLE = `pe-8 ${TITLE_TEXT}`;
const DESCRIPTION = 'mt-2 text-sm leading-relaxed text-slate-600';

/**
 * Radix's own Overlay locks scrolling with react-remove-scroll, which injects a <style> tag that our
 * Content-Security-Policy (style-src 'self') refuses. So the backdrop is a plain element and the page
 * behind is held still through the CSSOM (element.style), which the policy allows.
 */
function Backdrop() {
  useEffect(() => {
    const root = document.documentElement;
    const previous = root.style.overflow;
    root.style.overflow = 'hidden';
    return () => {
      root.style.overflow = previous;
    };
  }, []);
  return <div className={OVERLAY} aria-hidden="true" />;
}

/**
 * Where focus goes when a dialog closes. Radix sends it to its Trigger, and ours are opened from
 * state (a menu item, a checkbox) with no Trigger, so focus would fall to the page. It goes back to
 * the element that had it when the dialog opened, or to `fallback()` when that one is gone (the
 * menu item of a closed menu, the row of a deleted checklist).
 */
function useReturnFocus(open: boolean, fallback?: () => HTMLElement | null | undefined) {
  const opener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (open) opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  }, [open]);
  return (event: Event) => {
    event.preventDefault();
    const previous = opener.current;
    const usable = previous?.isConnected && previous !== document.body ? previous : null;
    (usable ?? fallback?.())?.focus();
  };
}

export interface ModalDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  description?: ReactNode;
  children?: ReactNode;
  className?: string;
  /** Stops closing by Escape, the overlay or the close button (while something is being sent). */
  busy?: boolean;
  /** Focus target on close when the element that opened the dialog is gone. */
  returnFocusTo?: () => HTMLElement | null | undefined;
  /**
   * False for a dialog that is the whole page (the shared page's code dialog): no close button, and
   * Escape or a click outside does nothing, since closing it would leave an empty page.
   */
  dismissible?: boolean;
}

/** A modal dialog (Radix): focus is trapped inside and returns to the opener on close. */
export function ModalDialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  className,
  busy,
  returnFocusTo,
  dismissible = true,
}: ModalDialogProps) {
  const onCloseAutoFocus = useReturnFocus(open, returnFocusTo);
  const t = useT();
  const keepOpen = (event: Event) => {
    if (!dismissible) event.preventDefault();
  };
  return (
    <DialogPrimitive.Root
      open={open}
      onOpenChange={(next) => ((busy || !dismissible) && !next ? undefined : onOpenChange(next))}
    >
      <DialogPrimitive.Portal>
        <Backdrop />
        <DialogPrimitive.Content
          className={cn(CONTENT, className)}
          onCloseAutoFocus={onCloseAutoFocus}
          onEscapeKeyDown={keepOpen}
          onInteractOutside={keepOpen}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <DialogPrimitive.Title className={dismissible ? TITLE : TITLE_TEXT}>{title}</DialogPrimitive.Title>
          {description && (
            <DialogPrimitive.Description className={DESCRIPTION}>{description}</DialogPrimitive.Description>
          )}
          {children}
          {dismissible && (
            <DialogPrimitive.Close asChild>
              <Button
                variant="ghost"
                size="icon"
                aria-label={t('common.close')}
                disabled={busy}
                className="absolute top-2 end-2 h-9 w-9 text-slate-500"
              >
                <X className="h-5 w-5" aria-hidden="true" />
              </Button>
            </DialogPrimitive.Close>
          )}
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: string;
  description: string;
  confirmLabel: string;
  onConfirm(): void;
  cancelLabel?: string;
  destructive?: boolean;
  /** While the confirmed action runs: both buttons are disabled and the dialog stays open. */
  pending?: boolean;
  /** Focus target on close when the element that opened the dialog is gone. */
  returnFocusTo?: () => HTMLElement | null | undefined;
}

/** A confirmation (Radix AlertDialog): focus starts on Cancel, Escape cancels. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  onConfirm,
  cancelLabel,
  destructive,
  pending,
  returnFocusTo,
}: ConfirmDialogProps) {
  const onCloseAutoFocus = useReturnFocus(open, returnFocusTo);
  const t = useT();
  return (
    <AlertDialogPrimitive.Root
      open={open}
      onOpenChange={(next) => (pending && !next ? undefined : onOpenChange(next))}
    >
      <AlertDialogPrimitive.Portal>
        <Backdrop />
        <AlertDialogPrimitive.Content className={CONTENT} onCloseAutoFocus={onCloseAutoFocus}>
          <AlertDialogPrimitive.Title className={TITLE}>{title}</AlertDialogPrimitive.Title>
          <AlertDialogPrimitive.Description className={DESCRIPTION}>
            {description}
          </AlertDialogPrimitive.Description>
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialogPrimitive.Cancel asChild>
              <Button variant="secondary" disabled={pending}>
                {cancelLabel ?? t('common.cancel')}
              </Button>
            </AlertDialogPrimitive.Cancel>
            <Button
              variant={destructive ? 'destructive' : 'primary'}
              disabled={pending}
              aria-busy={pending || undefined}
              onClick={onConfirm}
            >
              {confirmLabel}
            </Button>
          </div>
        </AlertDialogPrimitive.Content>
      </AlertDialogPrimitive.Portal>
    </AlertDialogPrimitive.Root>
  );
}

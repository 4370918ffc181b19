import type { LanguageCode } from '#domain/languages';
import { cn } from '../../lib/cn.ts';

/** What the toast (toaster.tsx, with Radix) and its stand-in without Radix (toast.tsx) share. */

import type { ToastMessage } from '../../hooks/use-toast.ts';

export type { ToastMessage };

export interface ShownToast extends ToastMessage {
  id: number;
}

export interface ToasterProps {
  current: ShownToast | null;
  onDismiss(): void;
  language: LanguageCode;
}

/** A success or a notice: long enough to read two short lines, short enough not to linger (issue 18). */
export const TOAST_SUCCESS_MS = 3_000;
/** An error stays longer: it says what to do next. */
export const TOAST_ERROR_MS = 8_000;

/** How long a toast stays unless the person dismisses it (Radix pauses it while hovered or focused). */
export function toastDuration(toast: ToastMessage): number {
  // One with a way on stays as long as an error: time to read it and reach the button.
  return toast.variant === 'destructive' || toast.action ? TOAST_ERROR_MS : TOAST_SUCCESS_MS;
}

/**
 * At the top of the screen, over the sticky header (h-16, 64 px) rather than over the work: on a phone
 * the task list runs from under the header to the fixed submit bar, so the header's own band is the one
 * place a toast covers nothing the person is using (issue 18). Centred, where the header has no
 * controls; compact, so that two lines of text fit inside the header's height (3 + 58 + 3 px), and
 * centred in that band when shorter.
 */
export const TOAST_VIEWPORT =
  'pointer-events-none fixed inset-x-0 top-0 z-[100] mx-auto flex min-h-16 w-full max-w-md flex-col justify-center gap-2 px-1.5 py-0.75 outline-none';

export const TOAST_CLOSE =
  'absolute end-1 top-1/2 flex h-8 w-8 -translate-y-1/2 items-center justify-center rounded-md opacity-70 hover:opacity-100 focus-visible:outline-2';

export function toastBox(toast: ToastMessage): string {
  return cn(
    'toast-root relative pointer-events-auto w-full rounded-xl border py-2 ps-3 pe-10 text-sm leading-5 shadow-lg',
    toast.variant === 'destructive'
      ? 'border-red-600 bg-red-600 text-white'
      : 'border-slate-200 bg-white text-slate-900',
  );
}

/** Title and description on one line of text when they fit ('Success Checklist updated successfully'). */
export const TOAST_TITLE = 'inline font-semibold';
export const TOAST_DESCRIPTION = 'inline opacity-90';
/** The toast's way on ('Open'), after its words, as a link would be (white on an error's red). */
export function toastAction(toast: ToastMessage): string {
  return cn(
    'ms-1.5 inline rounded font-semibold underline underline-offset-2 focus-visible:outline-2',
    toast.variant === 'destructive'
      ? 'text-white focus-visible:outline-white'
      : 'text-indigo-700 hover:text-indigo-900 focus-visible:outline-indigo-600',
  );
}

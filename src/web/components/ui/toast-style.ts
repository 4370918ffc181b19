import type { LanguageCode } from '#domain/languages';
import { cn } from '../../lib/cn.ts';

/** What the toast (toaster.tsx, with Radix) and its stand-in without Radix (toast.tsx) share. */

export interface ToastMessage {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
}

export interface ShownToast extends ToastMessage {
  id: number;
}

export interface ToasterProps {
  current: ShownToast | null;
  onDismiss(): void;
  language: LanguageCode;
}

export const TOAST_DURATION_MS = 5_000;

export const TOAST_VIEWPORT =
  'pointer-events-none fixed end-0 bottom-0 z-[100] flex w-full flex-col gap-2 p-4 sm:max-w-sm';

export const TOAST_CLOSE =
  'absolute top-3 end-3 rounded-md p-1 opacity-70 hover:opacity-100 focus-visible:outline-2';

export function toastBox(toast: ToastMessage): string {
  return cn(
    'toast-root relative pointer-events-auto flex w-full items-start gap-3 rounded-xl border p-4 pe-10 shadow-lg',
    toast.variant === 'destructive'
      ? 'border-red-600 bg-red-600 text-white'
      : 'border-slate-200 bg-white text-slate-900',
  );
}

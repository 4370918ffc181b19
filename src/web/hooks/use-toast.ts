import { createContext, useContext } from 'react';

/**
 * The toast API every screen uses: `useToast().toast({title, description?, variant?, action?})`. At most one
 * toast shows at a time (spec section 9); components/ui/toast.tsx provides it and draws the toast.
 */
export interface ToastMessage {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
  /** A way on from what it says (a notification's checklist): a button after its words. */
  action?: { label: string; onSelect(): void };
}

export interface ToastApi {
  toast(message: ToastMessage): void;
}

export const ToastContext = createContext<ToastApi | null>(null);

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used inside <ToastProvider>');
  return api;
}

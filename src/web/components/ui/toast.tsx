import * as ToastPrimitive from '@radix-ui/react-toast';
import { X } from 'lucide-react';
import { createContext, type ReactNode, useCallback, useContext, useMemo, useState } from 'react';
import { translate, useUiLanguage } from '../../i18n/i18n.tsx';
import { cn } from '../../lib/cn.ts';

export interface ToastMessage {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
}

interface ShownToast extends ToastMessage {
  id: number;
}

interface ToastApi {
  toast(message: ToastMessage): void;
}

const ToastContext = createContext<ToastApi | null>(null);

/** At most one toast at a time (spec section 9): a new one replaces the one showing. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<ShownToast | null>(null);
  const toast = useCallback((message: ToastMessage) => {
    setCurrent({ ...message, id: Date.now() + Math.random() });
  }, []);
  const api = useMemo(() => ({ toast }), [toast]);
  // The close button's name follows the page's language; a toast swipes away toward the line's end.
  const language = useUiLanguage();

  return (
    <ToastContext.Provider value={api}>
      <ToastPrimitive.Provider swipeDirection={language === 'ar' ? 'left' : 'right'} duration={5000}>
        {children}
        {current && (
          <ToastPrimitive.Root
            key={current.id}
            data-testid="toast"
            onOpenChange={(open) => {
              if (!open) setCurrent(null);
            }}
            className={cn(
              'toast-root relative pointer-events-auto flex w-full items-start gap-3 rounded-xl border p-4 pe-10 shadow-lg',
              current.variant === 'destructive'
                ? 'border-red-600 bg-red-600 text-white'
                : 'border-slate-200 bg-white text-slate-900',
            )}
          >
            <div className="grid gap-1">
              <ToastPrimitive.Title className="text-sm font-semibold">{current.title}</ToastPrimitive.Title>
              {current.description && (
                <ToastPrimitive.Description className="text-sm opacity-90">
                  {current.description}
                </ToastPrimitive.Description>
              )}
            </div>
            <ToastPrimitive.Close
              aria-label={translate('common.close')}
              className="absolute top-3 end-3 rounded-md p-1 opacity-70 hover:opacity-100 focus-visible:outline-2"
            >
              <X className="h-4 w-4" aria-hidden="true" />
            </ToastPrimitive.Close>
          </ToastPrimitive.Root>
        )}
        <ToastPrimitive.Viewport className="pointer-events-none fixed end-0 bottom-0 z-[100] flex w-full flex-col gap-2 p-4 sm:max-w-sm" />
      </ToastPrimitive.Provider>
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used inside <ToastProvider>');
  return api;
}

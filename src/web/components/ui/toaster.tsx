import * as ToastPrimitive from '@radix-ui/react-toast';
import { X } from 'lucide-react';
import type { LanguageCode } from '#domain/languages';
import { translate } from '../../i18n/i18n.tsx';
import { cn } from '../../lib/cn.ts';

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

/** The toast itself and its viewport (Radix Toast): fetched after the first paint (toast.tsx). */
export function Toaster({ current, onDismiss, language }: ToasterProps) {
  return (
    <ToastPrimitive.Provider swipeDirection={language === 'ar' ? 'left' : 'right'} duration={5000}>
      {current && (
        <ToastPrimitive.Root
          key={current.id}
          data-testid="toast"
          onOpenChange={(open) => {
            if (!open) onDismiss();
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
  );
}

import * as ToastPrimitive from '@radix-ui/react-toast';
import { X } from 'lucide-react';
import { translate } from '../../i18n/i18n.tsx';
import {
  TOAST_CLOSE,
  TOAST_DURATION_MS,
  TOAST_VIEWPORT,
  type ToasterProps,
  toastBox,
} from './toast-style.ts';

/** The toast itself and its viewport (Radix Toast): fetched after the first paint (toast.tsx). */
export function Toaster({ current, onDismiss, language }: ToasterProps) {
  return (
    <ToastPrimitive.Provider
      swipeDirection={language === 'ar' ? 'left' : 'right'}
      duration={TOAST_DURATION_MS}
    >
      {current && (
        <ToastPrimitive.Root
          key={current.id}
          data-testid="toast"
          onOpenChange={(open) => {
            if (!open) onDismiss();
          }}
          className={toastBox(current)}
        >
          <div className="grid gap-1">
            <ToastPrimitive.Title className="text-sm font-semibold">{current.title}</ToastPrimitive.Title>
            {current.description && (
              <ToastPrimitive.Description className="text-sm opacity-90">
                {current.description}
              </ToastPrimitive.Description>
            )}
          </div>
          <ToastPrimitive.Close aria-label={translate('common.close')} className={TOAST_CLOSE}>
            <X className="h-4 w-4" aria-hidden="true" />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      )}
      <ToastPrimitive.Viewport className={TOAST_VIEWPORT} />
    </ToastPrimitive.Provider>
  );
}

import * as ToastPrimitive from '@radix-ui/react-toast';
import { X } from 'lucide-react';
import { translate } from '../../i18n/i18n.tsx';
import {
  TOAST_CLOSE,
  TOAST_DESCRIPTION,
  TOAST_TITLE,
  TOAST_VIEWPORT,
  type ToasterProps,
  toastAction,
  toastBox,
  toastDuration,
} from './toast-style.ts';

/**
 * The toast itself and its viewport (Radix Toast): fetched after the first paint (toast.tsx). It sits
 * at the top, so it swipes away upwards, toward the edge it came from, in every script; Escape
 * dismisses it from anywhere on the page (Radix: the toast is the topmost dismissable layer).
 */
export function Toaster({ current, onDismiss }: ToasterProps) {
  return (
    <ToastPrimitive.Provider swipeDirection="up" swipeThreshold={30}>
      {current && (
        <ToastPrimitive.Root
          key={current.id}
          data-testid="toast"
          duration={toastDuration(current)}
          onOpenChange={(open) => {
            if (!open) onDismiss();
          }}
          className={toastBox(current)}
        >
          <ToastPrimitive.Title className={TOAST_TITLE}>{current.title}</ToastPrimitive.Title>
          {current.description && (
            <>
              {' '}
              <ToastPrimitive.Description className={TOAST_DESCRIPTION}>
                {current.description}
              </ToastPrimitive.Description>
            </>
          )}
          {current.action && (
            <ToastPrimitive.Action
              // Read out with the toast instead of the button: the same is in the notifications menu.
              altText={`${current.action.label} from the notifications menu`}
              onClick={current.action.onSelect}
              className={toastAction(current)}
            >
              {current.action.label}
            </ToastPrimitive.Action>
          )}
          <ToastPrimitive.Close aria-label={translate('common.close')} className={TOAST_CLOSE}>
            <X className="h-4 w-4" aria-hidden="true" />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      )}
      <ToastPrimitive.Viewport className={TOAST_VIEWPORT} />
    </ToastPrimitive.Provider>
  );
}

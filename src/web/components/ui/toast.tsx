import { X } from 'lucide-react';
import { type ReactNode, startTransition, useCallback, useEffect, useMemo, useState } from 'react';
import { ToastContext } from '../../hooks/use-toast.ts';
import { translate, useUiLanguage } from '../../i18n/i18n.tsx';
import { ChunkBoundary, lazyChunk, whenIdle } from '../../lib/lazy-chunk.tsx';
import {
  type ShownToast,
  TOAST_CLOSE,
  TOAST_DESCRIPTION,
  TOAST_TITLE,
  TOAST_VIEWPORT,
  type ToasterProps,
  type ToastMessage,
  toastAction,
  toastBox,
  toastDuration,
} from './toast-style.ts';

export type { ToastMessage };

/**
 * Radix Toast (its viewport, dismissal and swipe code: 9 KiB gzipped) is not needed to paint a page:
 * it is fetched when the browser is first idle, or with the first toast, whichever comes first.
 */
const toaster = lazyChunk<ToasterProps>(() => import('./toaster.tsx').then((module) => module.Toaster));

export const preloadToaster = toaster.preload;

/**
 * The toast without Radix, for when its code could not be fetched (offline before it was ever
 * cached): the same box, place and words, a close button, Escape, gone after the same time (no swipe).
 */
function PlainToast({ current, onDismiss }: ToasterProps) {
  useEffect(() => {
    if (!current) return;
    const timer = window.setTimeout(onDismiss, toastDuration(current));
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onDismiss();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => {
      window.clearTimeout(timer);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [current, onDismiss]);
  if (!current) return null;
  return (
    <div className={TOAST_VIEWPORT}>
      <div role="status" aria-live="polite" data-testid="toast" className={toastBox(current)}>
        <span className={TOAST_TITLE}>{current.title}</span>
        {current.description && (
          <>
            {' '}
            <span className={TOAST_DESCRIPTION}>{current.description}</span>
          </>
        )}
        {current.action && (
          <button
            type="button"
            className={toastAction(current)}
            onClick={() => {
              current.action?.onSelect();
              onDismiss();
            }}
          >
            {current.action.label}
          </button>
        )}
        <button
          type="button"
          aria-label={translate('common.close')}
          onClick={onDismiss}
          className={TOAST_CLOSE}
        >
          <X className="h-4 w-4" aria-hidden="true" />
        </button>
      </div>
    </div>
  );
}

/** At most one toast at a time (spec section 9): a new one replaces the one showing. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<ShownToast | null>(null);
  const [idle, setIdle] = useState(false);
  const toast = useCallback((message: ToastMessage) => {
    setCurrent({ ...message, id: Date.now() + Math.random() });
  }, []);
  const dismiss = useCallback(() => setCurrent(null), []);
  const api = useMemo(() => ({ toast }), [toast]);
  // The close button's name follows the page's language.
  const language = useUiLanguage();
  // After the page, when the browser is idle. (A transition: React drew it in slices; Preact, decision
  // 0070, draws it in one task.)
  useEffect(() => whenIdle(() => startTransition(() => setIdle(true))), []);
  const Toaster = toaster.Component;

  return (
    <ToastContext.Provider value={api}>
      {children}
      {(idle || current) && (
        // Should its code not arrive (offline before it was cached), the next toast tries again.
        <ChunkBoundary
          chunk={toaster}
          fallback={null}
          failed={<PlainToast current={current} onDismiss={dismiss} language={language} />}
          retryKey={current?.id}
        >
          <Toaster current={current} onDismiss={dismiss} language={language} />
        </ChunkBoundary>
      )}
    </ToastContext.Provider>
  );
}

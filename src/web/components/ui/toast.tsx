import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { useUiLanguage } from '../../i18n/i18n.tsx';
import { ChunkBoundary, lazyChunk, whenIdle } from '../../lib/lazy-chunk.tsx';
import type { ShownToast, ToasterProps, ToastMessage } from './toaster.tsx';

export type { ToastMessage };

interface ToastApi {
  toast(message: ToastMessage): void;
}

const ToastContext = createContext<ToastApi | null>(null);

/**
 * Radix Toast (its viewport, dismissal and swipe code: 9 KiB gzipped) is not needed to paint a page:
 * it is fetched when the browser is first idle, or with the first toast, whichever comes first.
 */
const toaster = lazyChunk<ToasterProps>(() => import('./toaster.tsx').then((module) => module.Toaster));

export const preloadToaster = toaster.preload;

/** At most one toast at a time (spec section 9): a new one replaces the one showing. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [current, setCurrent] = useState<ShownToast | null>(null);
  const [idle, setIdle] = useState(false);
  const toast = useCallback((message: ToastMessage) => {
    setCurrent({ ...message, id: Date.now() + Math.random() });
  }, []);
  const api = useMemo(() => ({ toast }), [toast]);
  // The close button's name follows the page's language; a toast swipes away toward the line's end.
  const language = useUiLanguage();
  useEffect(() => whenIdle(() => setIdle(true)), []);
  const Toaster = toaster.Component;

  return (
    <ToastContext.Provider value={api}>
      {children}
      {(idle || current) && (
        // Should its code not arrive (offline before it was cached), the next toast tries again.
        <ChunkBoundary chunk={toaster} fallback={null} retryKey={current?.id}>
          <Toaster current={current} onDismiss={() => setCurrent(null)} language={language} />
        </ChunkBoundary>
      )}
    </ToastContext.Provider>
  );
}

export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error('useToast must be used inside <ToastProvider>');
  return api;
}

import { type ComponentProps, type Ref, useCallback, useEffect, useLayoutEffect, useRef } from 'react';
import { cn } from '../../lib/cn.ts';
import { FIELD } from './field.tsx';

/**
 * A text area as tall as its text: one line (the height of an Input) when short, wrapping and growing
 * as the text does, up to its max-height (caller's class; 15rem by default), then it scrolls. No
 * scroll bar and no resize grip before that. Measured in script, not with CSS `field-sizing`, which
 * Firefox lacks.
 */
export function AutoSizeTextarea({ className, ref, value, ...props }: ComponentProps<'textarea'>) {
  const own = useRef<HTMLTextAreaElement | null>(null);

  const fitToText = useCallback(() => {
    const element = own.current;
    if (!element) return;
    // Shrinking it for a moment may shorten the page: the page keeps its scroll position.
    const { scrollX, scrollY } = window;
    element.style.height = 'auto';
    const style = getComputedStyle(element);
    const borders = Number.parseFloat(style.borderTopWidth) + Number.parseFloat(style.borderBottomWidth);
    const full = element.scrollHeight + (Number.isFinite(borders) ? borders : 0);
    const max = Number.parseFloat(style.maxHeight);
    element.style.height = `${full}px`;
    element.style.overflowY = Number.isFinite(max) && full > max ? 'auto' : 'hidden';
    if (window.scrollY !== scrollY) window.scrollTo(scrollX, scrollY);
  }, []);

  useLayoutEffect(() => {
    void value;
    fitToText();
  }, [value, fitToText]);

  // A narrower or wider box wraps the text anew (a phone turned, the window resized).
  useEffect(() => {
    const element = own.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    let width = element.clientWidth;
    const observer = new ResizeObserver(() => {
      if (element.clientWidth === width) return;
      width = element.clientWidth;
      fitToText();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [fitToText]);

  const setRef = useCallback(
    (element: HTMLTextAreaElement | null) => {
      own.current = element;
      assignRef(ref, element);
    },
    [ref],
  );

  return (
    <textarea
      ref={setRef}
      rows={1}
      value={value}
      // 9 px above and below a 24 px line and the border: 44 px, an Input's height, for one line.
      className={cn('max-h-60 min-h-11 resize-none overflow-hidden py-2.25', FIELD, className)}
      {...props}
    />
  );
}

function assignRef<T>(ref: Ref<T> | undefined, value: T | null): void {
  if (typeof ref === 'function') ref(value);
  else if (ref) ref.current = value;
}

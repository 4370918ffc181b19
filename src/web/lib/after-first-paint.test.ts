import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { afterFirstPaint, LONGEST_WAIT_MS } from './after-first-paint.ts';

/** A page as the bootstrap sees it: its visibility, its paint entries, its frames. */
function fakePage({ visible = true, reportsPaint = true, paintedAlready = false } = {}) {
  const listeners: (() => void)[] = [];
  const observers: { callback: () => void; disconnected: boolean }[] = [];
  const frames: (() => void)[] = [];
  let painted = paintedAlready;
  vi.stubGlobal('document', {
    visibilityState: visible ? 'visible' : 'hidden',
    addEventListener: (_type: string, listener: () => void) => listeners.push(listener),
  });
  vi.stubGlobal('performance', {
    getEntriesByName: (name: string) => (painted && name === 'first-contentful-paint' ? [{}] : []),
  });
  vi.stubGlobal(
    'PerformanceObserver',
    class {
      static supportedEntryTypes = reportsPaint ? ['paint', 'largest-contentful-paint'] : ['mark'];
      entry: { callback: () => void; disconnected: boolean };
      constructor(callback: () => void) {
        this.entry = { callback, disconnected: false };
        observers.push(this.entry);
      }
      observe() {}
      disconnect() {
        this.entry.disconnected = true;
      }
    },
  );
  vi.stubGlobal('requestAnimationFrame', (frame: () => void) => frames.push(frame));
  return {
    /** The browser reports a paint: the first contentful one when `contentful`. */
    paint(contentful = true) {
      painted ||= contentful;
      for (const observer of observers) if (!observer.disconnected) observer.callback();
    },
    frame() {
      for (const frame of frames.splice(0)) frame();
    },
    changeVisibility() {
      for (const listener of listeners) listener();
    },
    observers,
  };
}

describe('afterFirstPaint', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('waits for the first contentful paint to be reported, then calls once', () => {
    const page = fakePage();
    const then = vi.fn();
    afterFirstPaint(then);
    vi.advanceTimersByTime(100);
    page.frame();
    vi.advanceTimersByTime(0);
    expect(then).not.toHaveBeenCalled();
    page.paint(false); // first-paint alone: nothing contentful yet
    expect(then).not.toHaveBeenCalled();
    page.paint();
    expect(then).toHaveBeenCalledTimes(1);
    expect(page.observers[0]?.disconnected).toBe(true);
    vi.advanceTimersByTime(LONGEST_WAIT_MS);
    page.changeVisibility();
    expect(then).toHaveBeenCalledTimes(1);
  });

  it('after the next frame when the page painted already, or the browser does not report paints', () => {
    for (const options of [{ paintedAlready: true }, { reportsPaint: false }]) {
      const page = fakePage(options);
      const then = vi.fn();
      afterFirstPaint(then);
      expect(then).not.toHaveBeenCalled();
      page.frame();
      expect(then).not.toHaveBeenCalled();
      vi.advanceTimersByTime(0);
      expect(then).toHaveBeenCalledTimes(1);
      vi.unstubAllGlobals();
    }
  });

  it('at once for a page not on screen, and when the page is hidden before it painted', () => {
    const hidden = vi.fn();
    fakePage({ visible: false });
    afterFirstPaint(hidden);
    expect(hidden).toHaveBeenCalledTimes(1);

    const page = fakePage();
    const then = vi.fn();
    afterFirstPaint(then);
    page.changeVisibility();
    expect(then).toHaveBeenCalledTimes(1);
  });

  it('gives up waiting after LONGEST_WAIT_MS when no paint is reported', () => {
    fakePage();
    const then = vi.fn();
    afterFirstPaint(then);
    vi.advanceTimersByTime(LONGEST_WAIT_MS - 1);
    expect(then).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(then).toHaveBeenCalledTimes(1);
  });
});

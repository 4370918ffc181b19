import {
  Component,
  type ComponentType,
  type LazyExoticComponent,
  lazy,
  type ReactNode,
  Suspense,
  startTransition,
  useEffect,
  useState,
} from 'react';

/**
 * Code a page needs only behind an interaction (a dialog, a menu, the editor), fetched after the first
 * paint instead of before it: `preload()` starts the download (when the browser is idle, or when a
 * control that needs it is pointed at or focused), and `Component` renders it once there.
 */
export interface LazyChunk<Props> {
  Component: LazyExoticComponent<ComponentType<Props>>;
  /** Starts the download; the promise is shared, and forgotten after a failure so a later try fetches again. */
  preload(): Promise<unknown>;
  /** After a failed download: the next render downloads again (React.lazy alone keeps the failure). */
  reset(): void;
  /** Whether the code is here (then `Component` renders at once). */
  isLoaded(): boolean;
}

export function lazyChunk<Props>(load: () => Promise<ComponentType<Props>>): LazyChunk<Props> {
  let loading: Promise<ComponentType<Props>> | null = null;
  let loaded: ComponentType<Props> | null = null;
  const preload = () => {
    loading ??= load().then(
      (component) => {
        loaded = component;
        return component;
      },
      (error: unknown) => {
        loading = null;
        throw error;
      },
    );
    return loading;
  };
  // Once the code is here (preloaded), React gets it synchronously: React.lazy takes any thenable, and
  // one that calls back at once is read in the same render, so no fallback shows, not even for a frame.
  const resolve = (): Promise<{ default: ComponentType<Props> }> => {
    if (!loaded) return preload().then((component) => ({ default: component }));
    const module = { default: loaded };
    // biome-ignore lint/suspicious/noThenProperty: a thenable on purpose, see above.
    const settled = { then: (onFulfilled: (value: typeof module) => unknown) => void onFulfilled(module) };
    return settled as unknown as Promise<typeof module>;
  };
  const chunk: LazyChunk<Props> = {
    Component: lazy(resolve),
    preload: () => preload().catch(() => undefined),
    reset: () => {
      chunk.Component = lazy(resolve);
    },
    isLoaded: () => loaded !== null,
  };
  return chunk;
}

/**
 * Runs `task` once the browser is idle after the page has painted (at most 2 s later), or 200 ms later
 * where there is no requestIdleCallback (Safari). Returns the cancel function, for an effect's cleanup.
 */
export function whenIdle(task: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(task, { timeout: 2_000 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(task, 200);
  return () => window.clearTimeout(handle);
}

/**
 * Whether `chunk` is here, fetching it when the browser is first idle (already here: true at once).
 * The change comes in a transition: React drew what the chunk brings in slices; Preact (decision
 * 0070) draws it in one task of its own, after the idle callback. A failed download leaves it false (the caller's stand-in stays).
 * For the header's parts that open from a click (decision 0033): the bell, the team switcher.
 */
export function useLoadedWhenIdle(chunk: Pick<LazyChunk<never>, 'isLoaded' | 'preload'>): boolean {
  const [ready, setReady] = useState(chunk.isLoaded);
  useEffect(() => {
    if (ready) return;
    let live = true;
    const cancel = whenIdle(() => {
      void chunk.preload().then((loaded) => loaded && live && startTransition(() => setReady(true)));
    });
    return () => {
      live = false;
      cancel();
    };
  }, [ready, chunk]);
  return ready;
}

const INTERACTIONS = ['pointerdown', 'keydown', 'input'] as const;

/**
 * Runs `task` once, at the person's first tap, key or input on the page (a pasted or autofilled code
 * counts): code for the next step is fetched when someone is there to take it, not for every visit
 * that only looks. Returns the cancel function, for an effect's cleanup.
 */
export function onFirstInteraction(task: () => void): () => void {
  const run = () => {
    cancel();
    task();
  };
  const cancel = () => {
    for (const type of INTERACTIONS) window.removeEventListener(type, run, true);
  };
  for (const type of INTERACTIONS) window.addEventListener(type, run, { capture: true, passive: true });
  return cancel;
}

interface ChunkBoundaryProps {
  chunk: { reset(): void };
  /** Shown while the code downloads, and instead of it when the download failed (unless `failed` is given). */
  fallback: ReactNode;
  /** Shown instead of the code when its download failed. */
  failed?: ReactNode;
  onLoadFailed?(error: unknown): void;
  /** After a failure, a new value tries again (the dialog opened again, a Try again button). */
  retryKey?: unknown;
  children: ReactNode;
}

/** Suspense for a lazy chunk, and a catch for a download that failed (offline before it was cached). */
export class ChunkBoundary extends Component<ChunkBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    this.props.chunk.reset();
    this.props.onLoadFailed?.(error);
  }

  override componentDidUpdate(previous: ChunkBoundaryProps) {
    if (this.state.failed && previous.retryKey !== this.props.retryKey) this.setState({ failed: false });
  }

  override render() {
    if (this.state.failed) return this.props.failed ?? this.props.fallback;
    return <Suspense fallback={this.props.fallback}>{this.props.children}</Suspense>;
  }
}

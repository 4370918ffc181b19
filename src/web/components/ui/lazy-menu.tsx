import {
  type ComponentType,
  type KeyboardEvent,
  type PointerEvent,
  type ReactElement,
  useRef,
  useState,
} from 'react';
import { ChunkBoundary, type LazyChunk } from '../../lib/lazy-chunk.tsx';
import { MENU_OPENING_KEYS, type StandInHandoff } from './menu-handoff.ts';

/**
 * A menu (Radix DropdownMenu with its positioning: 12 KiB gzipped) whose code is a chunk of its own,
 * fetched once the page is on screen. Until it is there, and until its button is pointed at, focused
 * or pressed, only the button is drawn (decision 0033: Radix's menu is some twenty components, too many
 * to draw for every row of a list); the same button, so nothing moves when the menu arrives, and what
 * was done to it is handed over (menu-handoff.ts).
 */

/** What the stand-in button is given: its closed state and the handlers that ask for the menu. */
export interface StandInProps {
  'aria-expanded': false;
  'data-state': 'closed';
  onPointerEnter(): void;
  onFocus(): void;
  onBlur(event: { currentTarget: Element }): void;
  onKeyDown(event: KeyboardEvent<HTMLButtonElement>): void;
  onPointerDown(event: PointerEvent<HTMLButtonElement>): void;
}

export function LazyMenu<Props extends object>({
  chunk,
  props,
  standIn,
}: {
  chunk: LazyChunk<Props & { handoff?: StandInHandoff }>;
  props: Props;
  /** The menu's button as drawn before the menu: given the stand-in's props. */
  standIn(standInProps: StandInProps): ReactElement;
}) {
  const handoff = useRef<StandInHandoff>({ focused: false, pressed: null });
  // A press after a failed download (offline before it was cached) tries again.
  const [presses, setPresses] = useState(0);
  const [wanted, setWanted] = useState(false);
  // Drawn again once the code is here. Until then the stand-in stays the same element: one swapped
  // for a Suspense fallback would lose the focus it has, and the key pressed on it.
  const [, setArrivals] = useState(0);
  const want = () => {
    setWanted(true);
    void chunk.preload().then(() => setArrivals((count) => count + 1));
  };
  const button = standIn({
    'aria-expanded': false,
    'data-state': 'closed',
    onPointerEnter: want,
    onFocus: () => {
      handoff.current.focused = true;
      want();
    },
    onBlur: (event) => {
      // Not when it is taken away for the menu's own button: that one takes the focus over. Chromium
      // says blur while it removes the focused button, still connected, so it is asked once that is over.
      const standInButton = event.currentTarget;
      queueMicrotask(() => {
        if (standInButton.isConnected) handoff.current.focused = false;
      });
    },
    onKeyDown: (event) => {
      if (!MENU_OPENING_KEYS.includes(event.key)) return;
      event.preventDefault();
      handoff.current.pressed = { key: event.key };
      want();
      setPresses((count) => count + 1);
    },
    onPointerDown: (event) => {
      if (event.button !== 0 || event.ctrlKey) return;
      handoff.current.pressed = 'pointer';
      want();
      setPresses((count) => count + 1);
    },
  });
  if (!wanted || !chunk.isLoaded()) return button;
  const Menu = chunk.Component as ComponentType<Props & { handoff?: StandInHandoff }>;
  return (
    <ChunkBoundary chunk={chunk} fallback={button} retryKey={presses}>
      <Menu {...props} handoff={handoff.current} />
    </ChunkBoundary>
  );
}

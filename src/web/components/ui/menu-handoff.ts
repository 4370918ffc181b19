/**
 * A menu whose code comes after the first paint (Radix DropdownMenu, a chunk of its own) is drawn as
 * its button alone until then (lazy-menu.tsx). What was done to that stand-in button meanwhile is
 * handed over to the menu's own button once it is there, so the menu opens as it would have.
 */

/**
 * The stand-in button was focused, or pressed (a key that opens a menu, or a pointer): once the menu
 * is there, its own button takes the focus and gets the same press, so the menu opens as it would have
 * (from the keyboard, with its first item focused).
 */
export interface StandInHandoff {
  focused: boolean;
  pressed: { key: string } | 'pointer' | null;
}

/** The keys that open a menu from its button (Radix DropdownMenu). */
export const MENU_OPENING_KEYS: readonly string[] = ['Enter', ' ', 'ArrowDown'];

/** Gives the menu's button what its stand-in received (see StandInHandoff), once. */
export function takeOver(button: HTMLButtonElement | null, handoff: StandInHandoff | undefined): void {
  if (!button || !handoff || (!handoff.focused && !handoff.pressed)) return;
  const { pressed } = handoff;
  handoff.focused = false;
  handoff.pressed = null;
  button.focus();
  if (pressed === 'pointer') {
    if (typeof PointerEvent === 'function')
      button.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true, cancelable: true, button: 0 }));
  } else if (pressed) {
    button.dispatchEvent(new KeyboardEvent('keydown', { key: pressed.key, bubbles: true, cancelable: true }));
  }
}

/**
 * What the HTML the server sent already shows, so that the first render (hydration) draws the same.
 * The server picks a prerendered page per request (src/server/http/pages/prerendered-pages.ts) and marks
 * the root with it: `<div id="root" data-first-screen="code">`. A shared page then shows the code
 * dialog ('code'), the checklist's skeleton ('verified', the browser carries a recipient cookie)
 * while it asks the server, instead of a spinner, or the checklist itself ('checklist': the server
 * found this browser verified on the link and drew it, its answers in the page). Without a mark (the
 * service worker's shell, `npm run dev`) there is no guess: null.
 */
export type FirstScreen = 'code' | 'verified' | 'checklist';

let mark: FirstScreen | null | undefined;

export function firstScreen(): FirstScreen | null {
  if (mark === undefined) {
    const value =
      typeof document === 'undefined' ? null : document.getElementById('root')?.dataset.firstScreen;
    mark = value === 'code' || value === 'verified' || value === 'checklist' ? value : null;
  }
  return mark;
}

/** Prerendering only: the screen the next render draws. */
export function setFirstScreen(value: FirstScreen | null): void {
  mark = value;
}

/** The server drew the shared page for a browser it found verified on the link (skeleton or checklist). */
export function drawnVerified(): boolean {
  const screen = firstScreen();
  return screen === 'verified' || screen === 'checklist';
}

import { CODE_SCREEN_PARTS, NEXT_PAGE_ELEMENT_ID } from '#domain/code-screen';
import { prefetchNextPage, whenIdle } from './lib/prefetch-next-page.ts';

/**
 * The recipient's code screen's only script (decision 0061; a Vite input of its own, no React). The
 * screen is a server-rendered form that works without it (src/server/http/pages/code-screen-form.ts);
 * this makes it nicer: the form is sent without a reload (the button disabled and saying so while it
 * is), the server's answer is put in place of the part that was sent, focus stays in the code field,
 * only digits go in, the language switch changes the page as soon as a language is picked (keeping
 * what was typed), and the files of the page that follows a right code are fetched once the recipient
 * starts on the code and the browser is idle, so that page opens from the cache.
 *
 * It imports nothing the app imports: a module shared with the app's entry would be split out of both
 * into a chunk of its own (decision 0037), a request more before this page works.
 */

const TYPED_KEY = 'listsync-code-typed';
/**
 * Set when a code was accepted, to the page's path: the checklist's page that opens says 'loaded'
 * (pages/shared/page-answers.ts CODE_ACCEPTED_KEY, the same key; not imported, so that this script
 * shares no module with the app).
 */
const ACCEPTED_KEY = 'listsync-code-accepted';
/** How long 'Code accepted' shows before the checklist's page opens. */
const ACCEPTED_SHOWN_MS = 600;

const codeField = () =>
  document.querySelector<HTMLInputElement>('[data-code-part="verify"] input[name="code"]');

/** The page behind the dialog: out of reach while the dialog is the page (as PageDialog does in the app). */
function holdThePageBehind(): void {
  const dialog = document.querySelector('[role="dialog"]')?.parentElement ?? null;
  for (let node = dialog; node && node !== document.body; node = node.parentElement) {
    for (const sibling of node.parentElement?.children ?? []) {
      if (sibling !== node && sibling instanceof HTMLElement) sibling.inert = true;
    }
  }
  document.documentElement.style.overflow = 'hidden';
}

/** Only digits, at most the field's length; a problem shown for the earlier code goes. */
function onInput(event: Event): void {
  const field = event.target;
  if (!(field instanceof HTMLInputElement) || field.name !== 'code') return;
  prefetchOnce();
  const clean = field.value.replace(/\D/g, '').slice(0, field.maxLength > 0 ? field.maxLength : undefined);
  if (clean !== field.value) field.value = clean;
  const form = field.form;
  form?.querySelector('[role="alert"]')?.remove();
  field.removeAttribute('aria-invalid');
  const hint = form?.querySelector('p:not([role])')?.id;
  if (hint) field.setAttribute('aria-describedby', hint);
}

function busy(button: HTMLButtonElement | null): () => void {
  if (!button) return () => undefined;
  const label = button.textContent;
  button.disabled = true;
  button.setAttribute('aria-busy', 'true');
  if (button.dataset.busyLabel) button.textContent = button.dataset.busyLabel;
  return () => {
    button.disabled = false;
    button.removeAttribute('aria-busy');
    button.textContent = label;
  };
}

/** Where the seconds go in a button's `data-wait-label` (code-dialog.tsx WAIT_MARK). */
const WAIT_MARK = '{seconds}';

/**
 * A button drawn waiting ('Resend code in 30 s', disabled): counted down from the clock, then ready
 * again. Without this script it stays as drawn until the page is opened again.
 */
function countDown(root: ParentNode): void {
  for (const button of root.querySelectorAll<HTMLButtonElement>('button[data-wait-seconds]')) {
    const seconds = Number(button.dataset.waitSeconds);
    const { waitLabel, readyLabel } = button.dataset;
    if (!(seconds > 0) || !waitLabel || !readyLabel) continue;
    const endsAt = Date.now() + seconds * 1000;
    const tick = () => {
      if (!button.isConnected) return;
      const left = Math.ceil((endsAt - Date.now()) / 1000);
      if (left > 0) {
        button.textContent = waitLabel.replace(WAIT_MARK, String(left));
        // Next when the figure changes: the rest of this second.
        window.setTimeout(tick, (endsAt - Date.now()) % 1000 || 1000);
        return;
      }
      button.textContent = readyLabel;
      button.disabled = false;
    };
    tick();
  }
}

/** Puts the server's drawing of the part that holds `form` in its place; false when it had none. */
function swapPart(form: HTMLFormElement, page: Document): boolean {
  const part = form.closest<HTMLElement>('[data-code-part]');
  const name = part?.dataset.codePart;
  if (!part || !name || !(CODE_SCREEN_PARTS as readonly string[]).includes(name)) return false;
  const drawn = page.querySelector(`[data-code-part="${name}"]`);
  if (!drawn) return false;
  const placed = document.importNode(drawn, true);
  part.replaceWith(placed);
  countDown(placed);
  return true;
}

/** A right code: said while the checklist's page opens (the app's dialog says the same). */
function accepted(form: HTMLFormElement): void {
  const text = form.dataset.accepted;
  if (!text) return;
  const status = document.createElement('p');
  status.setAttribute('role', 'status');
  status.className =
    'mt-5 flex items-center gap-2 rounded-lg border border-green-200 bg-green-50 px-3 py-3 text-sm font-medium text-green-800';
  status.textContent = text;
  document.querySelector('[data-code-part="resend"]')?.remove();
  form.replaceWith(status);
}

/** Sends a post of the screen as the browser would, and shows the answer without leaving the page. */
async function send(form: HTMLFormElement, submitter: HTMLElement | null): Promise<void> {
  if (form.dataset.sending !== undefined) return;
  form.dataset.sending = '';
  const button =
    submitter instanceof HTMLButtonElement ? submitter : form.querySelector<HTMLButtonElement>('button');
  const done = busy(button);
  const body = new URLSearchParams();
  for (const [name, value] of new FormData(form)) if (typeof value === 'string') body.append(name, value);
  try {
    // 'manual': a right code answers 303 with the recipient cookie; the page is then opened again.
    const response = await fetch(window.location.href, {
      method: 'POST',
      body,
      redirect: 'manual',
      credentials: 'same-origin',
    });
    if (response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400)) {
      accepted(form);
      try {
        sessionStorage.setItem(ACCEPTED_KEY, window.location.pathname);
      } catch {
        // No storage: the checklist opens without its 'loaded' toast.
      }
      window.setTimeout(() => window.location.replace(window.location.href), ACCEPTED_SHOWN_MS);
      return;
    }
    const page = new DOMParser().parseFromString(await response.text(), 'text/html');
    if (!swapPart(form, page)) throw new Error('The answer had no code screen');
    codeField()?.focus();
  } catch {
    // The network failed or the answer was not the screen: the browser's own post says what happened.
    done();
    delete form.dataset.sending;
    form.submit();
  }
}

function onSubmit(event: SubmitEvent): void {
  const form = event.target;
  if (!(form instanceof HTMLFormElement) || form.method !== 'post') return;
  event.preventDefault();
  prefetchOnce();
  void send(form, event.submitter);
}

/** A language picked: the page in it at once (what was typed is kept for the page that follows). */
function onChange(event: Event): void {
  const select = event.target;
  if (!(select instanceof HTMLSelectElement) || select.name !== 'lang') return;
  const typed = codeField()?.value;
  try {
    if (typed) sessionStorage.setItem(TYPED_KEY, typed);
  } catch {
    // No storage (a private window's quota): the code is typed again.
  }
  const url = new URL(window.location.href);
  url.searchParams.set('lang', select.value);
  window.location.replace(url.href);
}

function restoreTyped(): void {
  try {
    const typed = sessionStorage.getItem(TYPED_KEY);
    sessionStorage.removeItem(TYPED_KEY);
    const field = codeField();
    if (typed && field && !field.value) {
      field.value = typed;
      prefetchOnce();
    }
  } catch {
    // No storage: nothing was kept.
  }
}

let prefetching = false;

/**
 * The next page's files are fetched once the recipient starts on the code (typing six digits leaves
 * seconds for it), when the browser is idle: not for a visit that never gets that far. Fetched at
 * load, they were 14 KiB more over the first visit's 150 (bench:lighthouse: 151 -> 165 KiB).
 */
function prefetchOnce(): void {
  if (prefetching) return;
  prefetching = true;
  whenIdle(() => prefetchNextPage(NEXT_PAGE_ELEMENT_ID));
}

holdThePageBehind();
restoreTyped();
countDown(document);
document.addEventListener('input', onInput);
document.addEventListener('submit', onSubmit);
document.addEventListener('change', onChange);
// For the browser tests: the screen's script runs (the app's pages say so with data-app-running).
document.documentElement.dataset.codeScreenRunning = '';

/**
 * Copies `text` to the clipboard. Without the Clipboard API (an http:// address that is not
 * localhost, an old browser) or when the browser refuses, the text in `field` is selected instead and
 * the older copy command is tried; 'selected' means the person must copy it themself (it is ready
 * for Ctrl+C or the phone's Copy).
 */
export async function copyText(text: string, field: HTMLInputElement | null): Promise<'copied' | 'selected'> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return 'copied';
    }
  } catch {
    // Refused (no permission, the page not focused): the selection below instead.
  }
  if (!field) return 'selected';
  field.focus();
  field.select();
  try {
    // Deprecated but still the only synchronous way; false (or a throw) where it is gone.
    return document.execCommand?.('copy') ? 'copied' : 'selected';
  } catch {
    return 'selected';
  }
}

/**
 * Copies `text` to the clipboard: the async Clipboard API where the page may use it, otherwise the old
 * way, selecting the field that shows the text and asking the browser to copy the selection.
 * Answers whether it worked; on failure the field is left selected so the user can copy it by hand.
 */
export async function copyText(
  text: string,
  field: HTMLInputElement | HTMLTextAreaElement | null,
): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // refused (no permission, not a secure context, document not focused): try the selection
  }
  if (!field) return false;
  field.focus();
  field.select();
  field.setSelectionRange(0, field.value.length);
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  }
}

/**
 * Text typed by one person and shown to another (checklist and task names, recipient and display
 * names) must not be able to reorder what is around it or itself: the Unicode explicit directional
 * formatting characters are removed from it, once, wherever such text is stored or shown.
 *
 * Removed (they open or close a directional run that reaches past the characters they stand by):
 *   U+202A LRE, U+202B RLE, U+202C PDF, U+202D LRO, U+202E RLO (embeddings, overrides: RLO is the
 *   'txt.exe' trick), U+2066 LRI, U+2067 RLI, U+2068 FSI, U+2069 PDI (isolates: an unpaired one
 *   swallows the rest of the line; where a name needs isolating, the page or message does it).
 * Kept: the implicit marks U+200E LRM, U+200F RLM and U+061C ALM. They are ordinary strong (or
 *   Arabic-letter) characters of zero width: they open no run and cannot reverse anything; Arabic,
 *   Hebrew and Persian writers use them to put punctuation and digits on the right side of a mixed
 *   name, and removing them would garble such names. Shown isolated (<bdi>, dir="auto", FSI…PDI),
 *   a name's marks act inside the name only.
 */
const EXPLICIT_BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g;

/** `text` without explicit bidi embeddings, overrides and isolates; every other character kept. */
export function withoutBidiControls(text: string): string {
  return text.replace(EXPLICIT_BIDI_CONTROLS, '');
}

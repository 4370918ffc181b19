/**
 * What an owner's correction changed in a machine translation, as whole words: the words of `after`
 * between the words both texts begin and end with. 'Facturación: Vista 4B' corrected to 'Limpieza de
 * salida: Vista 4B' changed 'Limpieza de salida'. Offered as the glossary entry's translation.
 */
export function changedWords(before: string, after: string): string {
  const a = before.trim().split(/\s+/u).filter(Boolean);
  const b = after.trim().split(/\s+/u).filter(Boolean);
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start += 1;
  let end = 0;
  while (
    end < a.length - start &&
    end < b.length - start &&
    a[a.length - 1 - end] === b[b.length - 1 - end]
  ) {
    end += 1;
  }
  // The punctuation the changed words stand in ('Limpieza de salida:') is the sentence's, not the term's.
  return b
    .slice(start, b.length - end)
    .join(' ')
    .replace(/^[\p{P}\p{S}]+|[\p{P}\p{S}]+$/gu, '');
}

/**
 * The GSM 03.38 default alphabet. An SMS written only in it carries 160 characters in one part; a
 * single character outside it switches the whole message to UCS-2 (70 characters a part, so a code
 * message costs two or three parts). The extension table (^ { } [ ] ~ | \ €) is left out on purpose:
 * each of its characters costs two and some handsets show them wrongly.
 */
export const GSM7_BASIC_ALPHABET =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?' +
  '¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';

const BASIC = new Set(GSM7_BASIC_ALPHABET);

/**
 * The extension table: each of these is sent as an escape and the character, so it costs two of the
 * 160. Our own text never uses them; they are here so that lengths are counted as a carrier does.
 */
export const GSM7_EXTENSION_TABLE = '\f^{}\\[~]|€';

const EXTENSION = new Set(GSM7_EXTENSION_TABLE);

/** Septets a character costs in GSM-7: 1 (basic), 2 (extension table), or null (not GSM-7: UCS-2). */
export function gsm7Septets(character: string): 1 | 2 | null {
  if (BASIC.has(character)) return 1;
  return EXTENSION.has(character) ? 2 : null;
}

export function isGsm7(text: string): boolean {
  for (const character of text) if (!BASIC.has(character)) return false;
  return true;
}

/** Characters that neither are GSM-7 nor lose only an accent: typography, ligatures, extension table. */
const REPLACEMENTS: Record<string, string> = {
  '‘': "'",
  '’': "'",
  '‚': "'",
  '‛': "'",
  '′': "'",
  '`': "'",
  '´': "'",
  '“': '"',
  '”': '"',
  '„': '"',
  '″': '"',
  '«': '"',
  '»': '"',
  '‐': '-',
  '‑': '-',
  '‒': '-',
  '–': '-',
  '—': '-',
  '―': '-',
  '−': '-',
  '~': '-',
  '…': '...',
  '•': '-',
  '·': '.',
  '[': '(',
  ']': ')',
  '{': '(',
  '}': ')',
  '|': '/',
  '\\': '/',
  '^': '',
  '€': 'EUR',
  '×': 'x',
  '÷': '/',
  '©': '(c)',
  '®': '(R)',
  '™': 'TM',
  œ: 'oe',
  Œ: 'OE',
  ł: 'l',
  Ł: 'L',
  đ: 'd',
  Đ: 'D',
  ð: 'd',
  Ð: 'D',
  þ: 'th',
  Þ: 'Th',
  ı: 'i',
  ħ: 'h',
  Ħ: 'H',
  ŋ: 'n',
  ſ: 's',
  ĸ: 'k',
};

/** Russian and Ukrainian letters (two of the product's audiences write names in Cyrillic). */
const CYRILLIC: Record<string, string> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  ґ: 'g',
  д: 'd',
  е: 'e',
  ё: 'e',
  є: 'ye',
  ж: 'zh',
  з: 'z',
  и: 'i',
  і: 'i',
  ї: 'yi',
  й: 'y',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'kh',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'shch',
  ъ: '',
  ы: 'y',
  ь: '',
  э: 'e',
  ю: 'yu',
  я: 'ya',
};

function transliterate(character: string): string {
  const replacement = REPLACEMENTS[character];
  if (replacement !== undefined) return replacement;
  const lower = character.toLowerCase();
  const cyrillic = CYRILLIC[lower];
  if (cyrillic !== undefined) {
    return lower === character ? cyrillic : cyrillic.charAt(0).toUpperCase() + cyrillic.slice(1);
  }
  // 'ç' -> 'c', 'Å' stays (it is GSM-7), 'ő' -> 'o': drop the marks and keep what is left if it fits.
  const stripped = character.normalize('NFD').replace(/\p{M}/gu, '');
  return isGsm7(stripped) ? stripped : '';
}

/**
 * One line of GSM-7 text from any user-typed name: typography and extension characters replaced,
 * accents dropped where the letter is not in the alphabet, Cyrillic transliterated, and whatever
 * is left (CJK, Arabic, Devanagari, emoji, bidi and zero-width marks) removed. White space and
 * control characters collapse to single spaces, so a name never starts a line of its own. The
 * result may be empty.
 */
export function toGsm7Line(text: string): string {
  let result = '';
  for (const character of text.normalize('NFC')) {
    if (/[\s\p{Cc}]/u.test(character)) result += ' ';
    else if (/\p{C}/u.test(character))
      continue; // format marks (bidi overrides, zero-width), unassigned
    else result += BASIC.has(character) ? character : transliterate(character);
  }
  return result.replace(/ {2,}/g, ' ').trim();
}

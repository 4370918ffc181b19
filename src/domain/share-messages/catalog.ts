import type { LanguageCode } from '../languages.ts';

/**
 * What one language says in the messages that carry a share's code. Every language has a catalog of
 * this type, so a text missing in one of them is a type error. Names arrive already made safe (one
 * plain line, capped; isolated for right-to-left languages): a catalog only places them.
 */

/** Who shared what, for the e-mail. `owner` is null when the owner has no usable name. */
export interface EmailNames {
  site: string;
  owner: string | null;
  checklist: string;
}

export interface ShareEmailCatalog {
  /** Stands for a checklist whose name is blank once made safe. */
  untitled: string;
  subject(names: EmailNames): string;
  /** The first line; `recipient` is null when the owner gave no name. */
  greeting(recipient: string | null): string;
  /** The sentence saying who shared which checklist, in the text and the HTML. */
  shared(names: EmailNames): string;
  /** Above the big code in the HTML. */
  codeLabel: string;
  /** The code's line in the plain text. */
  codeLine(code: string): string;
  validity(minutes: number): string;
  /** Before the link in the plain text. */
  openPrompt: string;
  /** The HTML button. */
  openButton: string;
  /** Before the link written out in the HTML. */
  pasteLink: string;
  ignore: string;
}

/** Who shared what, for the SMS; a null part was left out for room (or was blank). */
export interface SmsShare {
  recipient: string | null;
  owner: string | null;
  checklist: string | null;
}

export interface SmsParts {
  /** May be empty. */
  site: string;
  code: string;
  minutes: number;
  url: string;
  /** Null: the code and the link alone (the last resort when the link leaves no room). */
  share: SmsShare | null;
}

export interface ShareSmsCatalog {
  /**
   * The alphabet the names are written in: 'gsm7' (the fixed text is GSM-7 too, names are
   * transliterated) or 'ucs2' (the script needs UCS-2 anyway, names stay as typed).
   */
  alphabet: 'gsm7' | 'ucs2';
  /** The most segments a message may take while a name is still in it (names go before this grows). */
  maxSegments: number;
  message(parts: SmsParts): string;
}

export interface ShareMessageCatalog {
  language: LanguageCode;
  dir: 'ltr' | 'rtl';
  email: ShareEmailCatalog;
  sms: ShareSmsCatalog;
}

/** A count with its word in the language's plural form (CLDR categories through Intl.PluralRules). */
export function plural(
  language: LanguageCode,
  count: number,
  forms: Partial<Record<Intl.LDMLPluralRule, string>> & { other: string },
): string {
  const category = new Intl.PluralRules(language).select(count);
  return `${count} ${forms[category] ?? forms.other}`;
}

/** 'la liste' -> 'La liste', for a sentence that opens the message rather than follows a greeting. */
export function capitalized(sentence: string): string {
  return sentence.charAt(0).toUpperCase() + sentence.slice(1);
}

import type { LanguageCode } from '../languages.ts';
import { ar } from './ar.ts';
import type { ShareMessageCatalog } from './catalog.ts';
import { de } from './de.ts';
import { en } from './en.ts';
import { es } from './es.ts';
import { fr } from './fr.ts';
import { hi } from './hi.ts';
import { ja } from './ja.ts';
import { pl } from './pl.ts';
import { pt } from './pt.ts';
import { ro } from './ro.ts';
import { ru } from './ru.ts';
import { tl } from './tl.ts';
import { uk } from './uk.ts';
import { vi } from './vi.ts';
import { zh } from './zh.ts';

/** The code messages in each of the fifteen languages; a language left out here is a type error. */
export const SHARE_MESSAGE_CATALOGS: Record<LanguageCode, ShareMessageCatalog> = {
  en,
  es,
  fr,
  de,
  pt,
  zh,
  ru,
  ja,
  ar,
  hi,
  vi,
  tl,
  pl,
  uk,
  ro,
};

import { type I18n, type Messages, setupI18n } from '@lingui/core';
import { Fragment, type ReactNode, use, useEffect, useSyncExternalStore } from 'react';
import { isLanguageCode, type LanguageCode } from '#domain/languages';
import type en from './locales/en.json';

/**
 * The recipient's words in their language (docs/decisions/0010-ui-languages.md). Catalogs are ICU
 * messages in locales/<lang>.json, compiled ahead (compile-catalogs.ts) into compiled/<lang>.ts, and
 * only the language in use is downloaded: each compiled catalog is a chunk of its own. @lingui/core
 * reads the compiled form, so no ICU parser ships to the browser.
 */

export type MessageKey = keyof typeof en;
export type MessageValues = Record<string, string | number>;
export type Translate = (key: MessageKey, values?: MessageValues) => string;

type Thenable<T> = Promise<T> & { status?: 'fulfilled'; value?: T };

const loaders = import.meta.glob<Messages>('./compiled/*.ts', { import: 'messages' });
const instances = new Map<LanguageCode, Thenable<I18n>>();

/** Fetches a language's catalog once; the promise is marked fulfilled so React's `use` reads it at once. */
export function loadUiLanguage(language: LanguageCode): Thenable<I18n> {
  let loading = instances.get(language);
  if (!loading) {
    const load = loaders[`./compiled/${language}.ts`];
    if (!load) throw new Error(`No catalog for ${language}`);
    const started: Thenable<I18n> = load().then((messages) => {
      const i18n = setupI18n({ locale: language, messages: { [language]: messages } });
      // A message with no placeholder is kept compiled as its plain text: it is read as it is.
      i18n.setMessagesCompiler((message) => [message]);
      started.status = 'fulfilled';
      started.value = i18n;
      return i18n;
    });
    // A failed download (offline, first visit) is tried again on the next call.
    started.catch(() => instances.delete(language));
    loading = started;
    instances.set(language, loading);
  }
  return loading;
}

let current: LanguageCode = 'en';
let wanted: LanguageCode = 'en';
const listeners = new Set<() => void>();

function applyLanguage(language: LanguageCode): void {
  // Prerendering has no document: the server writes `lang` and `dir` into the page itself.
  if (typeof document !== 'undefined') {
    // Only what differs: the server's page already says it, and a write restyles the whole page.
    const root = document.documentElement;
    if (root.lang !== language) root.lang = language;
    if (language === 'ar') {
      if (root.dir !== 'rtl') root.dir = 'rtl';
    } else if (root.hasAttribute('dir')) root.removeAttribute('dir');
  }
  if (language === current) return;
  current = language;
  for (const listener of listeners) listener();
}

/**
 * The language of the page: a recipient's page sets it, every other page is English. The switch
 * happens once its catalog has arrived (the page keeps its words until then, with no raw keys and no
 * spinner); `<html lang>` and `dir` follow.
 */
export function setUiLanguage(language: LanguageCode): void {
  wanted = language;
  loadUiLanguage(language).then(
    () => wanted === language && applyLanguage(language),
    (error: unknown) => console.warn(`The ${language} catalog could not be loaded`, error),
  );
}

/**
 * At start-up, before the first render: a recipient's link in a language (`/shared/…?lang=es`,
 * `/verify?lang=es`) renders in it at once, and so does one the server drew in a language
 * (`drawnIn`: a verified recipient's page without `lang` is in the share's); anything else starts in
 * English.
 */
export function startUiLanguage(location: Pick<Location, 'pathname' | 'search'>, drawnIn?: string): void {
  const recipientPage = /^\/(shared|verify)(\/|$)/.test(location.pathname);
  const drawn = isLanguageCode(drawnIn) ? drawnIn : null;
  const language = (recipientPage && (languageOfSearch(location.search) ?? drawn)) || 'en';
  wanted = language;
  void loadUiLanguage(language).catch(() => undefined);
  applyLanguage(language);
}

/** A recipient's page: its language while it is shown, English again when the app moves on. */
export function useUiLanguageOfPage(language: LanguageCode): void {
  useEffect(() => setUiLanguage(language), [language]);
  useEffect(() => () => setUiLanguage('en'), []);
}

export function uiLanguage(): LanguageCode {
  return current;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useUiLanguage(): LanguageCode {
  return useSyncExternalStore(subscribe, uiLanguage, uiLanguage);
}

function translator(i18n: I18n): Translate {
  return (key, values) => i18n._(key, values);
}

/**
 * The translate function for the page's language. Only the first language of a visit can be missing
 * (a language is switched to once loaded): then it suspends until the catalog has arrived.
 */
export function useT(): Translate {
  const loading = loadUiLanguage(useUiLanguage());
  // Read at once when it is there (`use` would still count as waiting on a promise).
  return translator(loading.value ?? use<I18n>(loading as Promise<I18n>));
}

/** Outside React (toasts of the offline queue): the page's language once loaded, else English. */
export function translate(key: MessageKey, values?: MessageValues): string {
  const i18n = instances.get(current)?.value ?? instances.get('en')?.value;
  return i18n ? i18n._(key, values) : key;
}

/**
 * Makes the browser load its number, plural and date data for `language`, one piece a call: the first
 * formatter of a language costs about 15 ms (60 on a phone), which inside the first render was one
 * long task (a task count, '2 of 5 tasks complete'; the dashboard's time zone). Each is called in a
 * task of its own while the page's code downloads, when the main thread is idle. Most of the first
 * number format is two steps the browser caches for every later formatter, and each is asked for
 * alone: the language's likely subtags (about 4 ms here) and the list of the languages ICU has data
 * for (about 11 ms); the formatter itself then costs under 1 ms (measured in Chromium, 2026-11-30).
 */
export function intlWarmers(language: LanguageCode): (() => void)[] {
  const warm = (make: () => unknown) => () => {
    try {
      make();
    } catch {
      // no Intl for it: the messages fall back as they would anyway
    }
  };
  return [
    warm(() => new Intl.Locale(language).maximize()),
    warm(() => Intl.NumberFormat.supportedLocalesOf(language)),
    warm(() => new Intl.NumberFormat(language).format(1)),
    warm(() => new Intl.PluralRules(language).select(1)),
    warm(() => new Intl.DateTimeFormat(language).resolvedOptions()),
  ];
}

/** `lang` of a recipient's link (`?lang=es`), or null when missing or not one of the fifteen. */
export function languageOfSearch(search: string): LanguageCode | null {
  const lang = new URLSearchParams(search).get('lang')?.toLowerCase();
  return isLanguageCode(lang) ? lang : null;
}

const MARK = '\u2063';

/**
 * A message with parts that are elements (a bold contact, a quoted task): each `{name}` among `parts`
 * is rendered as given, the rest as text. The translator decides where the parts sit.
 */
export function richText(
  t: Translate,
  key: MessageKey,
  parts: Record<string, ReactNode>,
  values: MessageValues = {},
): ReactNode[] {
  const names = Object.keys(parts);
  const marked: MessageValues = { ...values };
  names.forEach((name, index) => {
    marked[name] = `${MARK}${index}${MARK}`;
  });
  return t(key, marked)
    .split(MARK)
    .map((piece, index) => {
      const part = index % 2 === 1 ? parts[names[Number(piece)] ?? ''] : piece;
      // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one message, always in this order
      return <Fragment key={index}>{part}</Fragment>;
    });
}

// Tests render components straight away: English is there before the first one.
if (import.meta.env.MODE === 'test') await loadUiLanguage('en');

/** '40%' in the page's language ('40 %' in German, '٤٠٪' in Arabic), from the browser's Intl. */
export function formatPercent(percent: number, language: string): string {
  return new Intl.NumberFormat(language, { style: 'percent' }).format(percent / 100);
}

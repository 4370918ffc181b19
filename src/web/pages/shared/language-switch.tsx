import { Check, Languages } from 'lucide-react';
import { useLocation, useSearch } from 'wouter';
import { LANGUAGE_CODES, type LanguageCode } from '#domain/languages';
import { useT } from '../../i18n/i18n.tsx';

/** Each language named in itself: a reader finds their own whatever the page's language is. */
const NATIVE_NAMES: Record<LanguageCode, string> = {
  en: 'English',
  es: 'Español',
  fr: 'Français',
  de: 'Deutsch',
  pt: 'Português',
  zh: '中文',
  ru: 'Русский',
  ja: '日本語',
  ar: 'العربية',
  hi: 'हिन्दी',
  vi: 'Tiếng Việt',
  tl: 'Filipino',
  pl: 'Polski',
  uk: 'Українська',
  ro: 'Română',
};

/** The shared page's language: it sets `?lang=` on the link, and the page asks for the checklist in it. */
export function LanguageSwitch({ language }: { language: LanguageCode }) {
  const t = useT();
  const [path, navigate] = useLocation();
  const search = useSearch();
  function choose(next: string) {
    const params = new URLSearchParams(search);
    params.set('lang', next);
    navigate(`${path}?${params}`, { replace: true });
  }
  return (
    // A form, so that a page without the app's code (the code screen: decision 0061) changes it too:
    // its script submits on change, and without scripts the button beside the list does.
    <form method="get" className="ms-auto flex w-fit items-center gap-1.5" data-language-switch="">
      <label className="flex items-center gap-1.5 text-sm text-slate-600">
        <Languages className="h-4 w-4 shrink-0" aria-hidden="true" />
        <span className="sr-only">{t('shared.language')}</span>
        <select
          name="lang"
          value={language}
          onChange={(event) => choose(event.target.value)}
          className="h-9 rounded-lg border border-slate-300 bg-white ps-2 pe-7 text-sm text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600"
          data-testid="language-switch"
        >
          {LANGUAGE_CODES.map((code) => (
            <option key={code} value={code} lang={code}>
              {NATIVE_NAMES[code]}
            </option>
          ))}
        </select>
      </label>
      <noscript>
        <button
          type="submit"
          aria-label={t('shared.language')}
          className="flex h-9 w-9 items-center justify-center rounded-lg border border-slate-300 bg-white text-slate-700"
        >
          <Check className="h-4 w-4" aria-hidden="true" />
        </button>
      </noscript>
    </form>
  );
}

import { Link } from 'wouter';
import { LANGUAGES, type LanguageCode } from '#domain/languages';
import { TIER_DISPLAY_NAMES, type Tier } from '#domain/plans';
import { trackEvent } from '../../lib/analytics.ts';
import { getPublicConfig } from '../../lib/public-config.ts';
import { Label } from '../ui/field.tsx';

export interface LanguagePlan {
  tier: Tier;
  allowedLanguages: readonly LanguageCode[];
}

function listNames(codes: readonly LanguageCode[]): string {
  const names = LANGUAGES.filter((language) => codes.includes(language.code)).map((l) => l.name);
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/**
 * The recipient's language: one of the fifteen (decision 0054). Languages outside the owner's plan
 * are listed but not selectable, with a line saying which the plan includes and where to upgrade. Until
 * the plan is known every language is offered; the server refuses one outside the plan (403) and says so. On a server with no translation
 * engine (decision 0056) the language is the page's own words only: the dialog says so, and sells no
 * upgrade for languages the owner's texts would not be translated into.
 */
export function LanguageSelect({
  id,
  value,
  onChange,
  plan,
  disabled,
}: {
  id: string;
  value: LanguageCode;
  onChange(language: LanguageCode): void;
  plan: LanguagePlan | undefined;
  disabled?: boolean;
}) {
  const allowed = (code: LanguageCode) => !plan || plan.allowedLanguages.includes(code);
  const translation = getPublicConfig().translation;
  const limited = plan !== undefined && LANGUAGES.some((language) => !allowed(language.code));
  const hintId = `${id}-hint`;
  const describedBy = translation ? (limited ? hintId : undefined) : hintId;
  return (
    <div>
      <Label htmlFor={id}>Recipient's language</Label>
      <select
        id={id}
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value as LanguageCode)}
        aria-describedby={describedBy}
        className="mt-1.5 block h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base text-slate-900 focus:border-indigo-500 focus:outline-2 focus:outline-offset-0 focus:outline-indigo-200 disabled:bg-slate-100"
      >
        {LANGUAGES.map((language) => (
          <option key={language.code} value={language.code} disabled={!allowed(language.code)}>
            {allowed(language.code) ? language.name : `${language.name} (upgrade to use)`}
          </option>
        ))}
      </select>
      {!translation && (
        <p id={hintId} className="mt-1.5 text-sm text-slate-600" data-testid="translation-off">
          Translation is not set up on this server: the page's buttons and labels show in this language, and
          your checklist text as you wrote it.
        </p>
      )}
      {translation && limited && plan && (
        <p id={hintId} className="mt-1.5 text-sm text-slate-600">
          Your {TIER_DISPLAY_NAMES[plan.tier] ?? 'current'} plan includes {listNames(plan.allowedLanguages)}.{' '}
          <Link
            href="/pricing"
            onClick={() => trackEvent('upgrade_clicked', { source: 'share_dialog' })}
            className="rounded font-medium text-indigo-700 underline underline-offset-2 hover:text-indigo-800 focus-visible:outline-2 focus-visible:outline-indigo-600"
          >
            Upgrade
          </Link>{' '}
          for all {LANGUAGES.length}.
        </p>
      )}
    </div>
  );
}

import { translate, useUiLanguage } from '../i18n/i18n.tsx';
import { getPublicConfig } from '../lib/public-config.ts';

/** Says plainly when the app runs on local fallbacks (docs/modes-and-limits.md "Modes": a fallback is never silent). */
export function LocalModeBadge() {
  const { localMode, localServices } = getPublicConfig();
  useUiLanguage(); // said in the page's language (the recipient's pages too)
  if (!localMode) return null;
  return (
    <span
      className="inline-flex shrink-0 items-center whitespace-nowrap rounded-full bg-amber-100 px-2 py-0.5 sm:px-2.5 text-xs font-semibold text-amber-900 ring-1 ring-amber-300"
      title={`Running locally: ${localServices.join(', ')}`}
      data-testid="local-mode-badge"
    >
      {translate('code.localTitle')}
    </span>
  );
}

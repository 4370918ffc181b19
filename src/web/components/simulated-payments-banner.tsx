import { FlaskConical } from 'lucide-react';
import { translate, useUiLanguage } from '../i18n/i18n.tsx';
import { getPublicConfig } from '../lib/public-config.ts';

/**
 * A test deployment (BILLING_TEST_CHECKOUT=enabled, decision 0044) lets anyone take a paid plan
 * without paying: every page says so above everything else, so nobody mistakes it for the real
 * service. In the page's language (recipients' pages too), and drawn into the prerendered pages, so it
 * is there from the first paint. Nothing at all on any other deployment.
 */
export function SimulatedPaymentsBanner() {
  const { simulatedPayments } = getPublicConfig();
  useUiLanguage();
  if (!simulatedPayments) return null;
  const title = translate('payments.simulatedTitle');
  return (
    <aside
      aria-label={title}
      data-testid="simulated-payments-banner"
      className="border-b border-amber-300 bg-amber-100 text-amber-950"
    >
      <div className="mx-auto flex max-w-6xl items-start gap-2 px-4 py-2 text-sm sm:items-center">
        <FlaskConical className="mt-0.5 h-4 w-4 shrink-0 text-amber-700 sm:mt-0" aria-hidden="true" />
        <p className="min-w-0 flex-1">
          <span className="me-2 inline-block rounded-full bg-amber-950 px-2 py-0.5 text-xs font-semibold text-amber-50">
            {title}
          </span>
          {translate('payments.simulatedText')}
        </p>
      </div>
    </aside>
  );
}

import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config/index.ts';
import type { BillingProvider } from './billing-provider.ts';
import { LocalBilling, type LocalBillingOptions } from './local-billing.ts';
import { StripeBilling } from './stripe-billing.ts';

/** Stripe when configured, the local test checkout in local mode, nothing when billing is off. */
export function createBillingProvider(
  config: Pick<Config, 'billing'>,
  local: Pick<LocalBillingOptions, 'db' | 'localSecret'>,
  log: FastifyBaseLogger,
  webhookUrl: () => string,
): BillingProvider | null {
  switch (config.billing.kind) {
    case 'stripe':
      return new StripeBilling(config.billing);
    case 'local':
      return new LocalBilling({ ...local, log, webhookUrl });
    case 'off':
      return null;
  }
}

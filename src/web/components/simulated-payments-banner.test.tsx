import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '#tests/support/preact-testing-library';
import { loadUiLanguage, setUiLanguage } from '../i18n/i18n.tsx';
import { getPublicConfig, setPublicConfig } from '../lib/public-config.ts';
import { SimulatedPaymentsBanner } from './simulated-payments-banner.tsx';

/** A test deployment says on every page that payments are simulated (decision 0044); nothing else does. */
describe('the simulated payments banner', () => {
  const usual = getPublicConfig();
  beforeAll(async () => {
    await Promise.all([loadUiLanguage('en'), loadUiLanguage('fr')]);
  });
  afterEach(() => {
    cleanup();
    setPublicConfig(usual);
    act(() => setUiLanguage('en'));
  });

  it('says payments are simulated when BILLING_TEST_CHECKOUT=enabled made the config say so', () => {
    setPublicConfig({ ...usual, billing: 'local', simulatedPayments: true });
    render(<SimulatedPaymentsBanner />);
    const banner = screen.getByRole('complementary', { name: 'Test site' });
    expect(banner.textContent).toBe(
      'Test sitePayments are simulated: no card is charged, and no plan bought here is real.',
    );
  });

  it("speaks the page's language, as on a recipient's page in French", async () => {
    setPublicConfig({ ...usual, billing: 'local', simulatedPayments: true });
    render(<SimulatedPaymentsBanner />);
    act(() => setUiLanguage('fr'));
    expect(await screen.findByRole('complementary', { name: 'Site de test' })).toBeTruthy();
    expect(screen.getByText(/Les paiements sont simulés/)).toBeTruthy();
  });

  it('is not there on any other deployment: Stripe, local mode on loopback, billing off', () => {
    for (const billing of ['stripe', 'local', 'off'] as const) {
      setPublicConfig({ ...usual, billing, simulatedPayments: false });
      const { container, unmount } = render(<SimulatedPaymentsBanner />);
      expect(container.innerHTML, billing).toBe('');
      unmount();
    }
  });
});

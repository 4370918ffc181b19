/**
 * The pages of buying a plan (pricing, success, cancel) and local mode's test checkout and portal: one chunk,
 * loaded only by those who open them. Fewer small chunks also keep the split of the code every page
 * shares stable (each new lazy chunk had moved parts of TanStack Query out of the entry: +1.7 KiB).
 */

export { default as TestCheckoutPage } from './billing-test-checkout.tsx';
export { default as TestPortalPage } from './billing-test-portal.tsx';
export { default as PricingPage } from './pricing.tsx';
export { SubscriptionCancelPage, SubscriptionSuccessPage } from './subscription-result.tsx';

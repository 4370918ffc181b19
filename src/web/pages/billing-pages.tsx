/**
 * The pages after a checkout (success, cancel) and local mode's test checkout and portal: one chunk,
 * loaded only by those who open them. Fewer small chunks also keep the split of the code every page
 * shares stable (each new lazy chunk had moved parts of TanStack Query out of the entry: +1.7 KiB).
 * /pricing is a chunk of its own (pricing.tsx): its visitors carried these pages' 3 KiB (decision 0062).
 */

export { default as TestCheckoutPage } from './billing-test-checkout.tsx';
export { default as TestPortalPage } from './billing-test-portal.tsx';
export { SubscriptionCancelPage, SubscriptionSuccessPage } from './subscription-result.tsx';

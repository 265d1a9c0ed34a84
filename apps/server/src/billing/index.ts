import { DemoBillingProvider } from './demo';
import type { BillingDeps } from './provider';
import { StripeBillingProvider } from './stripe';

export type AnyBillingProvider = DemoBillingProvider | StripeBillingProvider;

/**
 * Stripe when STRIPE_SECRET_KEY is set, the demo provider otherwise. The Stripe module (and its
 * SDK) is loaded only then (docs/performance.md, "Memory and start"); tell the two apart by `name`.
 */
export async function createBillingProvider(deps: BillingDeps): Promise<AnyBillingProvider> {
  if (!deps.env.STRIPE_SECRET_KEY) return new DemoBillingProvider(deps);
  const { default: StripeSdk } = await import('stripe');
  return new StripeBillingProvider(deps, StripeSdk);
}

export type { BillingMember, BillingProvider } from './provider';
export { DemoBillingProvider, StripeBillingProvider };

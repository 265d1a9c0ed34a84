import { DemoBillingProvider } from './demo';
import type { BillingDeps } from './provider';
import { StripeBillingProvider } from './stripe';

export type AnyBillingProvider = DemoBillingProvider | StripeBillingProvider;

/** Stripe when STRIPE_SECRET_KEY is set, the demo provider otherwise. */
export function createBillingProvider(deps: BillingDeps): AnyBillingProvider {
  return deps.env.STRIPE_SECRET_KEY ? new StripeBillingProvider(deps) : new DemoBillingProvider(deps);
}

export type { BillingMember, BillingProvider } from './provider';
export { DemoBillingProvider, StripeBillingProvider };

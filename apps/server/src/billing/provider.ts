import type { PlanId } from '@synergie/shared';
import type { Db } from '../db/client';
import type { Env } from '../env';

/** The member a checkout or portal session is opened for. */
export interface BillingMember {
  id: string;
  email: string;
}

/**
 * A payment provider (docs/product/decisions.md "Subscription and billing"): Stripe in production, the demo
 * provider when no Stripe key is set. Neither changes our records itself: both hand their events
 * to domain/subscriptions.ts.
 */
export interface BillingProvider {
  readonly name: 'demo' | 'stripe';
  /** A page where the member pays (or, for the demo, confirms) the plan, with the trial. */
  createCheckout(member: BillingMember, planId: PlanId): Promise<{ url: string }>;
  /** A page where the member manages the subscription (payment method, cancellation, invoices). */
  createPortal(member: BillingMember): Promise<{ url: string }>;
  /**
   * The subscription ends with its current period (no further charge): `Résilier mon abonnement`
   * and the renewal reminder's link (domain/renewals.ts). Our record is updated before it returns.
   */
  cancelAtPeriodEnd(memberId: string): Promise<void>;
}

export interface BillingDeps {
  env: Env;
  db: Db;
  /** Signs the demo provider's checkout sessions. */
  secret: string;
}

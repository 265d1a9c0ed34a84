import './zod-locale';
import { z } from 'zod';
import { isoDateTime } from './api-dates';
import { billingMessages } from './billing-messages';
import { PLAN_IDS } from './plans';

export { billingMessages };

export const checkoutBodySchema = z.object({
  planId: z.enum(PLAN_IDS, { message: billingMessages.unknownPlan }),
});
export type CheckoutBody = z.infer<typeof checkoutBodySchema>;

export const billingUrlResponseSchema = z.object({ url: z.string() });
export type BillingUrlResponse = z.infer<typeof billingUrlResponseSchema>;

/**
 * create-checkout: the payment page, and when it offers SEPA Direct Debit (Stripe), the mandate's
 * wording the member reads before going there (issue 32, sepa-debit.ts).
 */
export const checkoutResponseSchema = z.object({
  url: z.string(),
  sepaMandate: z.object({ version: z.string(), text: z.string() }).nullable().optional(),
});
export type CheckoutResponse = z.infer<typeof checkoutResponseSchema>;

export const demoCompleteBodySchema = z.object({ session: z.string().min(1).max(2000) });

/** Demo portal: end the subscription with the current period (true) or keep it going (false). */
export const demoCancelAtPeriodEndBodySchema = z.object({ cancel: z.boolean() });

/**
 * Demo (admin) renew: the period is collected now, or `collectedDaysAgo` days ago on the demo's
 * clock (a commission is payable 15 days after collection: the month closing can be shown at once).
 */
export const demoRenewBodySchema = z
  .object({
    collectedDaysAgo: z
      .number({ error: billingMessages.collectedDaysAgo })
      .int({ error: billingMessages.collectedDaysAgo })
      .min(0, { error: billingMessages.collectedDaysAgo })
      .max(60, { error: billingMessages.collectedDaysAgo })
      .optional(),
  })
  .optional();

/** check-subscription: `subscribed` and `product_id` (the plan) plus the status details. */
export const subscriptionResponseSchema = z.object({
  subscribed: z.boolean(),
  product_id: z.enum(PLAN_IDS).nullable(),
  status: z.string().nullable(),
  trialEnd: isoDateTime().nullable(),
  currentPeriodEnd: isoDateTime().nullable(),
  cancelAtPeriodEnd: z.boolean(),
  provider: z.string().nullable(),
});
export type SubscriptionResponse = z.infer<typeof subscriptionResponseSchema>;

/** The demo provider's admin actions (renew, cancel): the member's subscription afterwards. */
export const demoAdminActionResponseSchema = z.object({
  subscription: subscriptionResponseSchema,
  invoiceId: z.string().nullable().optional(),
});
export type DemoAdminActionResponse = z.infer<typeof demoAdminActionResponseSchema>;

/** What Stripe's webhook gets back once the event is handled. */
export const webhookResponseSchema = z.object({ received: z.literal(true) });

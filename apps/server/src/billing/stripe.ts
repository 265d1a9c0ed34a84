import {
  CHECKOUT_CANCEL_PATH,
  CHECKOUT_SUCCESS_PATH,
  PLAN_IDS,
  type PlanId,
  SEPA_MANDATE_TEXT_VERSION,
  sepaMandateText,
  TRIAL_DAYS,
} from '@synergie/shared';
import { profileSectionPath } from '@synergie/shared/profile-sections';
import type Stripe from 'stripe';
import type { AppContext } from '../context';
import { applyDebitFailed, recordMandate, settleFailedDebit } from '../domain/failed-debits';
import { invoiceSellerOf } from '../domain/membership-invoices';
import {
  applyInvoicePaid,
  applyInvoiceRefunded,
  applySubscriptionEvent,
  type BillingEvent,
  findSubscriptionRow,
} from '../domain/subscriptions';
import { AppError } from '../lib/errors';
import type { BillingDeps, BillingMember, BillingProvider } from './provider';

export const STRIPE_PROVIDER = 'stripe';

/**
 * What Checkout offers for both plans (issue 32): the card, and SEPA Direct Debit with its
 * mandate, which Stripe's page collects and we keep once reported (failed-debits.ts).
 */
export const STRIPE_PAYMENT_METHOD_TYPES = ['card', 'sepa_debit'] as const;

const toDate = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000) : null);
const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

/** Stripe Checkout, Customer Portal and signed webhooks, mapped onto domain/subscriptions.ts. */
export class StripeBillingProvider implements BillingProvider {
  readonly name = 'stripe' as const;
  readonly stripe: Stripe;
  /**
   * `StripeSdk`: the SDK's class, which billing/index.ts imports only when STRIPE_SECRET_KEY is
   * set (docs/performance.md, "Memory and start"); this file imports its types only.
   */
  constructor(
    private readonly deps: BillingDeps,
    StripeSdk: typeof Stripe,
  ) {
    const { env } = deps;
    this.stripe = new StripeSdk(env.STRIPE_SECRET_KEY ?? '', {
      ...(env.STRIPE_API_HOST ? { host: env.STRIPE_API_HOST } : {}),
      ...(env.STRIPE_API_PORT ? { port: env.STRIPE_API_PORT } : {}),
      ...(env.STRIPE_API_PROTOCOL ? { protocol: env.STRIPE_API_PROTOCOL } : {}),
      maxNetworkRetries: 1,
      timeout: 8000,
    });
  }

  private priceOf(planId: PlanId): string {
    const price = planId === 'annual' ? this.deps.env.STRIPE_PRICE_ANNUAL : this.deps.env.STRIPE_PRICE_MONTHLY;
    if (!price) throw new Error(`No Stripe price for ${planId}`);
    return price;
  }

  private planOfPrice(priceId: string | null | undefined): PlanId | null {
    if (!priceId) return null;
    if (priceId === this.deps.env.STRIPE_PRICE_ANNUAL) return 'annual';
    if (priceId === this.deps.env.STRIPE_PRICE_MONTHLY) return 'monthly';
    return null;
  }

  async createCheckout(member: BillingMember, planId: PlanId) {
    const site = this.deps.env.SITE_URL;
    const existing = await findSubscriptionRow(this.deps.db, { userId: member.id });
    const customer = existing?.provider === STRIPE_PROVIDER ? existing.customerId : null;
    // The version of the mandate's wording the member read before coming here (CheckoutResponse).
    const metadata = { userId: member.id, planId, sepaMandateText: SEPA_MANDATE_TEXT_VERSION };
    const session = await this.stripe.checkout.sessions.create({
      mode: 'subscription',
      payment_method_types: [...STRIPE_PAYMENT_METHOD_TYPES],
      line_items: [{ price: this.priceOf(planId), quantity: 1 }],
      ...(customer ? { customer } : { customer_email: member.email }),
      client_reference_id: member.id,
      metadata,
      subscription_data: { trial_period_days: TRIAL_DAYS, metadata },
      locale: 'fr',
      success_url: `${site}${CHECKOUT_SUCCESS_PATH}?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${site}${CHECKOUT_CANCEL_PATH}`,
    });
    if (!session.url) throw new Error('Stripe returned a checkout session without a URL');
    const text = sepaMandateText(SEPA_MANDATE_TEXT_VERSION) ?? '';
    return { url: session.url, sepaMandate: { version: SEPA_MANDATE_TEXT_VERSION, text } };
  }

  async createPortal(member: BillingMember) {
    const row = await findSubscriptionRow(this.deps.db, { userId: member.id });
    if (row?.provider !== STRIPE_PROVIDER || !row.customerId) {
      throw new AppError('NO_SUBSCRIPTION');
    }
    const portal = await this.stripe.billingPortal.sessions.create({
      customer: row.customerId,
      return_url: `${this.deps.env.SITE_URL}${profileSectionPath('facturation')}`,
    });
    return { url: portal.url };
  }

  /**
   * cancel_at_period_end through Stripe's API; the subscription Stripe answers is recorded at once
   * (the customer.subscription.updated webhook that follows changes nothing more).
   */
  async cancelAtPeriodEnd(memberId: string) {
    const row = await findSubscriptionRow(this.deps.db, { userId: memberId });
    if (row?.provider !== STRIPE_PROVIDER || !row.subscriptionId) throw new AppError('NOTHING_TO_CANCEL');
    const sub = await this.stripe.subscriptions.update(row.subscriptionId, { cancel_at_period_end: true });
    const now = new Date();
    await applySubscriptionEvent(
      this.deps.db,
      {
        id: `stripe_cancel_${sub.id}_${now.getTime()}`,
        provider: STRIPE_PROVIDER,
        type: 'cancel.requested',
        occurredAt: now,
      },
      {
        userId: memberId,
        provider: STRIPE_PROVIDER,
        customerId: idOf(sub.customer) ?? row.customerId,
        subscriptionId: sub.id,
        planId: row.planId as PlanId,
        status: sub.status ?? row.status,
        trialEnd: toDate(sub.trial_end) ?? row.trialEnd,
        currentPeriodEnd: toDate(sub.items?.data?.[0]?.current_period_end) ?? row.currentPeriodEnd,
        cancelAtPeriodEnd: sub.cancel_at_period_end ?? true,
        providerUpdatedAt: now,
      },
    );
  }

  /** The event, if `rawBody` carries Stripe's valid signature; else 400 and nothing recorded. */
  parseWebhook(rawBody: Buffer, signature: string | undefined): Stripe.Event {
    if (!signature) throw new AppError('BAD_SIGNATURE');
    try {
      return this.stripe.webhooks.constructEvent(rawBody, signature, this.deps.env.STRIPE_WEBHOOK_SECRET ?? '');
    } catch {
      throw new AppError('BAD_SIGNATURE');
    }
  }

  /** The member a Stripe object belongs to: our metadata first, then the customer we know. */
  private async memberOf(metadata: Stripe.Metadata | null | undefined, customerId: string | null) {
    if (metadata?.userId) return metadata.userId;
    if (!customerId) return null;
    return (await findSubscriptionRow(this.deps.db, { customerId }))?.userId ?? null;
  }

  /**
   * The invoice a charge paid. Older API versions name it on the charge; since 2025-03-31 it is
   * found through the charge's PaymentIntent in the invoice payments. A failed lookup throws, so
   * the webhook answers 500 and Stripe delivers the event again later (nothing is recorded).
   */
  private async invoiceOfCharge(charge: Stripe.Charge): Promise<string | null> {
    const legacy = idOf((charge as unknown as { invoice?: string | { id: string } | null }).invoice);
    if (legacy) return legacy;
    const paymentIntent = idOf(charge.payment_intent);
    if (!paymentIntent) return null;
    const payments = await this.stripe.invoicePayments.list({
      payment: { type: 'payment_intent', payment_intent: paymentIntent },
      limit: 1,
    });
    return idOf(payments.data[0]?.invoice ?? null);
  }

  /**
   * A SEPA mandate Stripe reported (a setup for a trial, a debit's charge, a status change): read
   * again from Stripe with its payment method, for the reference, the date it was accepted and the
   * IBAN's last 4 digits, then kept. A failed lookup throws: 500, and Stripe delivers it again.
   */
  private async applyMandate(base: BillingEvent, mandateId: string, hint: { customerId?: string | null }) {
    const mandate = await this.stripe.mandates.retrieve(mandateId, { expand: ['payment_method'] });
    const method = typeof mandate.payment_method === 'string' ? null : mandate.payment_method;
    if (mandate.payment_method_details?.type !== 'sepa_debit' || !mandate.payment_method_details.sepa_debit) {
      return { applied: false };
    }
    const customerId = idOf(method?.customer ?? null) ?? hint.customerId ?? null;
    return recordMandate(this.deps.db, base, {
      mandateId: mandate.id,
      provider: STRIPE_PROVIDER,
      customerId,
      userId: await this.memberOf(method?.metadata, customerId),
      reference: mandate.payment_method_details.sepa_debit.reference,
      acceptedAt: toDate(mandate.customer_acceptance?.accepted_at) ?? base.occurredAt,
      ibanLast4: method?.sepa_debit?.last4 ?? null,
      status: mandate.status,
    });
  }

  /** The member and plan of an invoice: our metadata on its subscription, else the customer and price. */
  private async invoiceMember(invoice: Stripe.Invoice) {
    const details = invoice.parent?.subscription_details;
    const customerId = idOf(invoice.customer);
    const userId = await this.memberOf(details?.metadata, customerId);
    const line = invoice.lines?.data?.[0];
    const metaPlan = details?.metadata?.planId;
    const planId =
      metaPlan && (PLAN_IDS as readonly string[]).includes(metaPlan)
        ? (metaPlan as PlanId)
        : this.planOfPrice(idOf(line?.pricing?.price_details?.price ?? null));
    return { userId, planId };
  }

  /**
   * Applies a verified event through the domain. Events we do not use are acknowledged and ignored.
   * `mail`: the failed debits' mails are queued in the event's transaction.
   */
  async handleEvent(
    event: Stripe.Event,
    mail: Pick<AppContext, 'mailContext' | 'mailer'>,
  ): Promise<{ applied: boolean }> {
    const base: BillingEvent = {
      id: event.id,
      provider: STRIPE_PROVIDER,
      type: event.type,
      occurredAt: new Date(event.created * 1000),
    };
    const db = this.deps.db;
    switch (event.type) {
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted':
      case 'customer.subscription.paused':
      case 'customer.subscription.resumed': {
        const sub = event.data.object;
        const customerId = idOf(sub.customer);
        const userId = await this.memberOf(sub.metadata, customerId);
        const item = sub.items?.data?.[0];
        const planId = (PLAN_IDS as readonly string[]).includes(sub.metadata?.planId ?? '')
          ? (sub.metadata.planId as PlanId)
          : this.planOfPrice(item?.price?.id);
        if (!userId || !planId) return { applied: false };
        return applySubscriptionEvent(db, base, {
          userId,
          provider: STRIPE_PROVIDER,
          customerId,
          subscriptionId: sub.id,
          planId,
          status: event.type === 'customer.subscription.deleted' ? 'canceled' : sub.status,
          trialEnd: toDate(sub.trial_end),
          currentPeriodEnd: toDate(item?.current_period_end),
          cancelAtPeriodEnd: sub.cancel_at_period_end,
          providerUpdatedAt: base.occurredAt,
        });
      }
      case 'invoice.paid': {
        const invoice = event.data.object;
        // A trial's 0 € invoice collects nothing: no invoice row, no commission.
        if (!invoice.id || invoice.amount_paid <= 0) return { applied: false };
        const { userId, planId } = await this.invoiceMember(invoice);
        if (!userId || !planId) return { applied: false };
        const paidAt = toDate(invoice.status_transitions?.paid_at) ?? base.occurredAt;
        const applied = await applyInvoicePaid(
          db,
          base,
          {
            provider: STRIPE_PROVIDER,
            providerInvoiceId: invoice.id,
            userId,
            planId,
            amountCents: invoice.amount_paid,
            currency: invoice.currency,
            paidAt,
          },
          invoiceSellerOf(this.deps.env),
        );
        // A retry (or another payment method) settled a failed debit: the grace ends here and the
        // member is told, once. After the invoice row, so that the mail's `Mes factures` has it;
        // outside the event's claim, so that a redelivery after a failure here settles it still.
        await settleFailedDebit(
          { db, ...mail },
          { providerInvoiceId: invoice.id, amountCents: invoice.amount_paid, paidAt },
        );
        return applied;
      }
      case 'charge.refunded': {
        const charge = event.data.object;
        // A partial refund leaves the payment standing; only a full refund reverses it.
        if (!charge.refunded) return { applied: false };
        const invoiceId = await this.invoiceOfCharge(charge);
        if (!invoiceId) return { applied: false };
        return applyInvoiceRefunded(
          db,
          base,
          { providerInvoiceId: invoiceId, refundedAt: base.occurredAt },
          invoiceSellerOf(this.deps.env),
        );
      }
      case 'invoice.payment_failed': {
        // A debit refused (SEPA: days after it was sent) or a card declined. Stripe retries on its
        // own schedule and says when (`next_payment_attempt`, null once it gave up).
        const invoice = event.data.object;
        if (!invoice.id || invoice.amount_due <= 0) return { applied: false };
        const { userId } = await this.invoiceMember(invoice);
        if (!userId) return { applied: false };
        return applyDebitFailed({ db, ...mail }, base, {
          provider: STRIPE_PROVIDER,
          providerInvoiceId: invoice.id,
          userId,
          amountCents: invoice.amount_due,
          attemptCount: invoice.attempt_count ?? 1,
          nextAttemptAt: toDate(invoice.next_payment_attempt),
          failedAt: base.occurredAt,
        });
      }
      case 'payment_intent.processing':
        // A SEPA debit takes up to several business days: Stripe keeps the subscription active
        // meanwhile, so the member keeps access; the outcome comes as invoice.paid or
        // invoice.payment_failed. Nothing to record.
        return { applied: false };
      case 'setup_intent.succeeded': {
        // A trial's checkout: the mandate is signed now, the first debit comes at the trial's end.
        const intent = event.data.object;
        const mandateId = idOf(intent.mandate);
        if (!mandateId) return { applied: false };
        return this.applyMandate(base, mandateId, { customerId: idOf(intent.customer) });
      }
      case 'charge.pending':
      case 'charge.succeeded': {
        const charge = event.data.object;
        const mandateId = charge.payment_method_details?.sepa_debit?.mandate ?? null;
        if (!mandateId) return { applied: false };
        return this.applyMandate(base, mandateId, { customerId: idOf(charge.customer) });
      }
      case 'mandate.updated':
        // Revoked by the member's bank, or made inactive: the status we show follows.
        return this.applyMandate(base, event.data.object.id, {});
      default:
        return { applied: false };
    }
  }
}

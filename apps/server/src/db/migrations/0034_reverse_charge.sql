ALTER TABLE "self_billing_mandates" DROP CONSTRAINT "self_billing_mandates_vat_check";--> statement-breakpoint
ALTER TABLE "self_billing_mandates" DROP CONSTRAINT "self_billing_mandates_vat_number_check";--> statement-breakpoint
ALTER TABLE "membership_invoices" ADD COLUMN "reverse_charge" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "billing_country" text DEFAULT 'FR' NOT NULL;--> statement-breakpoint
ALTER TABLE "membership_invoices" ADD CONSTRAINT "membership_invoices_reverse_charge_check" CHECK (not "membership_invoices"."reverse_charge" or ("membership_invoices"."vat_cents" = 0 and "membership_invoices"."vat_rate_bps" = 0));--> statement-breakpoint
ALTER TABLE "self_billing_mandates" ADD CONSTRAINT "self_billing_mandates_country_check" CHECK (("self_billing_mandates"."vat_status" = 'autoliquidation') = ("self_billing_mandates"."country" <> 'FR'));--> statement-breakpoint
ALTER TABLE "self_billing_mandates" ADD CONSTRAINT "self_billing_mandates_vat_check" CHECK ("self_billing_mandates"."vat_status" in ('franchise', 'assujetti', 'autoliquidation'));--> statement-breakpoint
ALTER TABLE "self_billing_mandates" ADD CONSTRAINT "self_billing_mandates_vat_number_check" CHECK (("self_billing_mandates"."vat_status" in ('assujetti', 'autoliquidation')) = ("self_billing_mandates"."vat_number" is not null));
CREATE TABLE "self_billing_counters" (
	"series" text NOT NULL,
	"year" integer NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "self_billing_counters_series_year_pk" PRIMARY KEY("series","year")
);
--> statement-breakpoint
CREATE TABLE "self_billing_invoice_lines" (
	"invoice_id" uuid NOT NULL,
	"commission_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"released_at" timestamp with time zone,
	CONSTRAINT "self_billing_invoice_lines_invoice_id_commission_id_pk" PRIMARY KEY("invoice_id","commission_id")
);
--> statement-breakpoint
CREATE TABLE "self_billing_invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"series" text NOT NULL,
	"kind" text DEFAULT 'invoice' NOT NULL,
	"user_id" text,
	"mandate_id" uuid,
	"credits_invoice_id" uuid,
	"month" text NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"issuer" jsonb NOT NULL,
	"client" jsonb NOT NULL,
	"vat_status" text NOT NULL,
	"vat_rate_bps" integer NOT NULL,
	"total_excl_vat_cents" integer NOT NULL,
	"vat_cents" integer NOT NULL,
	"total_incl_vat_cents" integer NOT NULL,
	"lines" jsonb NOT NULL,
	"contested_at" timestamp with time zone,
	"contest_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "self_billing_invoices_number_unique" UNIQUE("number"),
	CONSTRAINT "self_billing_invoices_credits_invoice_id_unique" UNIQUE("credits_invoice_id"),
	CONSTRAINT "self_billing_invoices_kind_check" CHECK ("self_billing_invoices"."kind" in ('invoice', 'credit_note')),
	CONSTRAINT "self_billing_invoices_amounts_check" CHECK ("self_billing_invoices"."total_incl_vat_cents" = "self_billing_invoices"."total_excl_vat_cents" + "self_billing_invoices"."vat_cents"),
	CONSTRAINT "self_billing_invoices_credit_check" CHECK (("self_billing_invoices"."kind" = 'credit_note') = ("self_billing_invoices"."credits_invoice_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "self_billing_mandates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text,
	"legal_name" text NOT NULL,
	"siren" text NOT NULL,
	"siret" text,
	"address_line" text NOT NULL,
	"postcode" text NOT NULL,
	"city" text NOT NULL,
	"country" text DEFAULT 'FR' NOT NULL,
	"vat_status" text NOT NULL,
	"vat_number" text,
	"version" text NOT NULL,
	"text" text NOT NULL,
	"text_hash" text NOT NULL,
	"accepted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"superseded_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "self_billing_mandates_vat_check" CHECK ("self_billing_mandates"."vat_status" in ('franchise', 'assujetti')),
	CONSTRAINT "self_billing_mandates_vat_number_check" CHECK (("self_billing_mandates"."vat_status" = 'assujetti') = ("self_billing_mandates"."vat_number" is not null))
);
--> statement-breakpoint
ALTER TABLE "self_billing_invoice_lines" ADD CONSTRAINT "self_billing_invoice_lines_invoice_id_self_billing_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."self_billing_invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "self_billing_invoice_lines" ADD CONSTRAINT "self_billing_invoice_lines_commission_id_commissions_id_fk" FOREIGN KEY ("commission_id") REFERENCES "public"."commissions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "self_billing_invoices" ADD CONSTRAINT "self_billing_invoices_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "self_billing_invoices" ADD CONSTRAINT "self_billing_invoices_mandate_id_self_billing_mandates_id_fk" FOREIGN KEY ("mandate_id") REFERENCES "public"."self_billing_mandates"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "self_billing_invoices" ADD CONSTRAINT "self_billing_invoices_credits_invoice_id_self_billing_invoices_id_fk" FOREIGN KEY ("credits_invoice_id") REFERENCES "public"."self_billing_invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "self_billing_mandates" ADD CONSTRAINT "self_billing_mandates_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "self_billing_invoice_lines_active_unique" ON "self_billing_invoice_lines" USING btree ("commission_id") WHERE "self_billing_invoice_lines"."released_at" is null;--> statement-breakpoint
CREATE INDEX "self_billing_invoices_user_idx" ON "self_billing_invoices" USING btree ("user_id","issued_at");--> statement-breakpoint
CREATE INDEX "self_billing_invoices_month_idx" ON "self_billing_invoices" USING btree ("month");--> statement-breakpoint
CREATE UNIQUE INDEX "self_billing_mandates_active_unique" ON "self_billing_mandates" USING btree ("user_id") WHERE "self_billing_mandates"."revoked_at" is null and "self_billing_mandates"."superseded_at" is null;
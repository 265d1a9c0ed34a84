CREATE TABLE "membership_invoice_counters" (
	"series" text NOT NULL,
	"year" integer NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "membership_invoice_counters_series_year_pk" PRIMARY KEY("series","year")
);
--> statement-breakpoint
CREATE TABLE "membership_invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" text NOT NULL,
	"kind" text NOT NULL,
	"payment_id" uuid NOT NULL,
	"credits_invoice_id" uuid,
	"user_id" text,
	"issued_at" timestamp with time zone NOT NULL,
	"seller" jsonb NOT NULL,
	"buyer" jsonb NOT NULL,
	"plan_id" text NOT NULL,
	"label" text NOT NULL,
	"period_start" text NOT NULL,
	"period_end" text NOT NULL,
	"vat_rate_bps" integer NOT NULL,
	"total_excl_vat_cents" integer NOT NULL,
	"vat_cents" integer NOT NULL,
	"total_incl_vat_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "membership_invoices_number_unique" UNIQUE("number"),
	CONSTRAINT "membership_invoices_credits_invoice_id_unique" UNIQUE("credits_invoice_id"),
	CONSTRAINT "membership_invoices_kind_check" CHECK ("membership_invoices"."kind" in ('invoice', 'credit_note')),
	CONSTRAINT "membership_invoices_amounts_check" CHECK ("membership_invoices"."total_incl_vat_cents" = "membership_invoices"."total_excl_vat_cents" + "membership_invoices"."vat_cents"),
	CONSTRAINT "membership_invoices_credit_check" CHECK (("membership_invoices"."kind" = 'credit_note') = ("membership_invoices"."credits_invoice_id" is not null))
);
--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "billing_siren" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "billing_vat_number" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "billing_address_line" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "billing_postcode" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "billing_city" text;--> statement-breakpoint
ALTER TABLE "membership_invoices" ADD CONSTRAINT "membership_invoices_payment_id_invoices_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_invoices" ADD CONSTRAINT "membership_invoices_credits_invoice_id_membership_invoices_id_fk" FOREIGN KEY ("credits_invoice_id") REFERENCES "public"."membership_invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "membership_invoices" ADD CONSTRAINT "membership_invoices_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "membership_invoices_payment_kind_unique" ON "membership_invoices" USING btree ("payment_id","kind");--> statement-breakpoint
CREATE INDEX "membership_invoices_user_idx" ON "membership_invoices" USING btree ("user_id","issued_at");--> statement-breakpoint
CREATE INDEX "membership_invoices_issued_idx" ON "membership_invoices" USING btree ("issued_at");
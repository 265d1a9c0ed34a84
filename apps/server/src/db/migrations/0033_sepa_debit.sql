CREATE TABLE "failed_debit_notices" (
	"provider_invoice_id" text NOT NULL,
	"notice" text NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "failed_debit_notices_provider_invoice_id_notice_pk" PRIMARY KEY("provider_invoice_id","notice")
);
--> statement-breakpoint
CREATE TABLE "failed_debits" (
	"provider_invoice_id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"user_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"first_failed_at" timestamp with time zone NOT NULL,
	"last_failed_at" timestamp with time zone NOT NULL,
	"attempt_count" integer NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"settled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "failed_debits_attempts_check" CHECK ("failed_debits"."attempt_count" >= 1)
);
--> statement-breakpoint
CREATE TABLE "sepa_mandates" (
	"mandate_id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"customer_id" text,
	"user_id" text,
	"reference" text NOT NULL,
	"text_version" text NOT NULL,
	"accepted_at" timestamp with time zone NOT NULL,
	"iban_last4" text,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sepa_mandates_last4_check" CHECK ("sepa_mandates"."iban_last4" is null or "sepa_mandates"."iban_last4" ~ '^[0-9A-Z]{4}$')
);
--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "payment_failed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "failed_debit_notices" ADD CONSTRAINT "failed_debit_notices_provider_invoice_id_failed_debits_provider_invoice_id_fk" FOREIGN KEY ("provider_invoice_id") REFERENCES "public"."failed_debits"("provider_invoice_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "failed_debits" ADD CONSTRAINT "failed_debits_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sepa_mandates" ADD CONSTRAINT "sepa_mandates_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "failed_debits_open_idx" ON "failed_debits" USING btree ("user_id") WHERE "failed_debits"."settled_at" is null;--> statement-breakpoint
CREATE INDEX "sepa_mandates_user_idx" ON "sepa_mandates" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "sepa_mandates_customer_idx" ON "sepa_mandates" USING btree ("customer_id");
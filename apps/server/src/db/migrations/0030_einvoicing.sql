CREATE TABLE "einvoice_deposits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"series" text NOT NULL,
	"document_id" uuid NOT NULL,
	"number" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"flow_id" text,
	"deposited_at" timestamp with time zone,
	"lifecycle_code" integer,
	"lifecycle_at" timestamp with time zone,
	"lifecycle_reason" text,
	"lifecycle" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "einvoice_deposits_series_check" CHECK ("einvoice_deposits"."series" in ('membership', 'self_billing')),
	CONSTRAINT "einvoice_deposits_status_check" CHECK ("einvoice_deposits"."status" in ('pending', 'following', 'done', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "einvoicing_simulator_flows" (
	"flow_id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"tracking_id" text NOT NULL,
	"name" text NOT NULL,
	"seller_siren" text,
	"buyer_siren" text,
	"verdict" text NOT NULL,
	"reason" text,
	"deposited_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "einvoicing_simulator_flows_tracking_id_unique" UNIQUE("tracking_id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "einvoice_deposits_document_idx" ON "einvoice_deposits" USING btree ("series","document_id");--> statement-breakpoint
CREATE UNIQUE INDEX "einvoice_deposits_number_idx" ON "einvoice_deposits" USING btree ("number");--> statement-breakpoint
CREATE INDEX "einvoice_deposits_due_idx" ON "einvoice_deposits" USING btree ("status","next_attempt_at");
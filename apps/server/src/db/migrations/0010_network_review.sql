ALTER TABLE "one_to_ones" DROP CONSTRAINT "one_to_ones_requester_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "one_to_ones" DROP CONSTRAINT "one_to_ones_partner_id_user_id_fk";
--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "actor_id" text;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_actor_id_user_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "one_to_ones" ADD CONSTRAINT "one_to_ones_requester_id_user_id_fk" FOREIGN KEY ("requester_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "one_to_ones" ADD CONSTRAINT "one_to_ones_partner_id_user_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_actor_idx" ON "notifications" USING btree ("actor_id") WHERE actor_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "one_to_ones_once" ON "one_to_ones" USING btree (least("requester_id", "partner_id"),greatest("requester_id", "partner_id"),"met_on") WHERE status <> 'declined' and requester_id is not null and partner_id is not null;--> statement-breakpoint
CREATE INDEX "recommendations_closed_idx" ON "recommendations" USING btree ("status_changed_at") WHERE status in ('won', 'lost', 'no_follow_up');
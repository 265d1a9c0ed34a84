CREATE INDEX "meetings_group_upcoming_idx" ON "meetings" USING btree ("group_id","ends_at") WHERE status = 'scheduled';--> statement-breakpoint
CREATE INDEX "notifications_unread_latest_idx" ON "notifications" USING btree ("user_id","created_at","id") WHERE read_at is null;--> statement-breakpoint
DROP INDEX "notifications_unread_idx";--> statement-breakpoint
CREATE INDEX "recommendations_receiver_status_idx" ON "recommendations" USING btree ("receiver_id","status","status_changed_at");--> statement-breakpoint
CREATE INDEX "recommendations_giver_business_idx" ON "recommendations" USING btree ("giver_id","business_status","business_declared_at","id") WHERE business_status is not null;

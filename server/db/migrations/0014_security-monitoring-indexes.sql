CREATE INDEX "security_events_merchant_idx" ON "security_events" USING btree ("merchant_id","created_at");--> statement-breakpoint
CREATE INDEX "events_kind_created_idx" ON "events" USING btree ("kind","created_at");--> statement-breakpoint
CREATE INDEX "payments_purged_idx" ON "payments" USING btree ("merchant_id","payload_purged_at") WHERE "payments"."payload_purged_at" IS NOT NULL;
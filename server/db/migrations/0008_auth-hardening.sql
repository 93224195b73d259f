CREATE INDEX "security_events_ip_idx" ON "security_events" USING btree ("ip_address","created_at");--> statement-breakpoint
-- Accounts created before sign-up asked for an e-mail confirmation keep working (ADR 008).
UPDATE "users" SET "email_verified" = true WHERE "email_verified" = false;--> statement-breakpoint
-- Session tokens are stored as their SHA-256 (ADR 008); live sessions stay signed in.
UPDATE "sessions" SET "token" = encode(sha256(convert_to("token", 'UTF8')), 'hex') WHERE length("token") <> 64;

-- The buyer's order-status link secret. gen_random_uuid() is volatile, so adding the column evaluates the
-- default once per existing row: every session made before this migration gets its own token here, so
-- its next session read or order event carries a working order-status link.
ALTER TABLE "acp_sessions" ADD COLUMN "order_page_token" text DEFAULT replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', '') NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "acp_sessions_order_page_token_idx" ON "acp_sessions" USING btree ("order_page_token");
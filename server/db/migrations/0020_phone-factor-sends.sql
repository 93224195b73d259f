ALTER TABLE "phone_factors" ADD COLUMN "last_code_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "phone_factors" ADD COLUMN "send_window_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "phone_factors" ADD COLUMN "codes_sent_in_window" integer DEFAULT 0 NOT NULL;
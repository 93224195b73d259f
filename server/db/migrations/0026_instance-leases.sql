CREATE TABLE "app_instances" (
	"id" uuid PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "claimed_by" uuid;--> statement-breakpoint
ALTER TABLE "idempotency_records" ADD COLUMN "claimed_by" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "store_write_claimed_by" uuid;
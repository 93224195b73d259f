CREATE TABLE "notification_slots" (
	"merchant_id" uuid NOT NULL,
	"event_id" text NOT NULL,
	"last_fired_at" timestamp with time zone NOT NULL,
	CONSTRAINT "notification_slots_merchant_id_event_id_pk" PRIMARY KEY("merchant_id","event_id")
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"merchant_id" uuid NOT NULL,
	"event_id" text NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"link" text,
	"occurrence_key" text,
	"in_app" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "notification_slots" ADD CONSTRAINT "notification_slots_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notifications_bell_idx" ON "notifications" USING btree ("merchant_id","created_at") WHERE "notifications"."in_app";--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_occurrence_idx" ON "notifications" USING btree ("merchant_id","occurrence_key");
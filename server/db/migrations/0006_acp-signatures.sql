CREATE TABLE "acp_request_signatures" (
	"merchant_id" uuid NOT NULL,
	"signature_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "acp_request_signatures_merchant_id_signature_hash_pk" PRIMARY KEY("merchant_id","signature_hash")
);
--> statement-breakpoint
ALTER TABLE "acp_request_signatures" ADD CONSTRAINT "acp_request_signatures_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "acp_request_signatures_expires_idx" ON "acp_request_signatures" USING btree ("expires_at");
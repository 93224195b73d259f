-- Each merchant's UCP signing key (ES256): the public JWK its business profile publishes, the private one sealed (ADR 048).
CREATE TABLE "ucp_signing_keys" (
	"merchant_id" uuid PRIMARY KEY NOT NULL,
	"public_jwk" jsonb NOT NULL,
	"private_jwk_sealed" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "ucp_signing_keys" ADD CONSTRAINT "ucp_signing_keys_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;
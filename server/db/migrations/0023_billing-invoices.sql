CREATE TABLE "billing_invoices" (
	"merchant_id" uuid NOT NULL,
	"month" date NOT NULL,
	"stripe_invoice_id" text,
	"status" text,
	"currency" text,
	"amount_due_minor" bigint,
	"amount_paid_minor" bigint,
	"hosted_invoice_url" text,
	"due_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "billing_invoices_merchant_id_month_pk" PRIMARY KEY("merchant_id","month"),
	CONSTRAINT "billing_invoices_stripe_invoice_id_unique" UNIQUE("stripe_invoice_id")
);
--> statement-breakpoint
ALTER TABLE "billing_invoice_items" ADD COLUMN "stripe_invoice_id" text;--> statement-breakpoint
ALTER TABLE "billing_invoices" ADD CONSTRAINT "billing_invoices_merchant_id_merchants_id_fk" FOREIGN KEY ("merchant_id") REFERENCES "public"."merchants"("id") ON DELETE cascade ON UPDATE no action;
-- A refund's store write holds a lease like an order's (ADR 021): one writer tells the store at a time (ADR 053).
ALTER TABLE "refunds" ADD COLUMN "store_write_lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "store_write_claimed_by" uuid;
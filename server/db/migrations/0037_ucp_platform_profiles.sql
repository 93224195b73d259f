-- UCP sessions keep the platform profile URL their UCP-Agent header named: order webhooks go to the webhook_url it lists (ADR 048).
ALTER TABLE "acp_sessions" ADD COLUMN "platform_profile_url" text;

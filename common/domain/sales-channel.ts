/**
 * Where an agent's purchase came in: the documented agent API, the merchant's own test checkouts from
 * the dashboard, or the Agentic Commerce Protocol in one of its versions (`acp_<API-Version>`). Recorded
 * on each offer at creation and carried to its checkout and order, so analytics can say which door and
 * which protocol version sells.
 */
export const AGENT_API_CHANNEL = 'agent_api';
export const AGENT_TEST_CHANNEL = 'agent_test';
/** A shopper's purchase on the merchant's public storefront (Stripe Checkout on their account). */
export const STOREFRONT_CHANNEL = 'storefront';
const ACP_PREFIX = 'acp_';

export function acpChannel(apiVersion: string): string {
  return `${ACP_PREFIX}${apiVersion}`;
}

/** The protocol version of an ACP channel, or null for another channel. */
export function acpVersionOf(channel: string): string | null {
  return channel.startsWith(ACP_PREFIX) ? channel.slice(ACP_PREFIX.length) : null;
}

export function salesChannelLabel(channel: string): string {
  if (channel === AGENT_API_CHANNEL) return 'Agent API';
  if (channel === AGENT_TEST_CHANNEL) return 'Your test checkouts';
  if (channel === STOREFRONT_CHANNEL) return 'Storefront';
  const version = acpVersionOf(channel);
  return version ? `ACP ${version}` : channel;
}

/** The longest agent name kept: product names are short, and the column must stay bounded. */
export const AGENT_NAME_MAX_LENGTH = 64;

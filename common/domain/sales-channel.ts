/**
 * Where an agent's purchase came in: the documented agent API, the merchant's own test checkouts from
 * the dashboard, the Agentic Commerce Protocol in one of its versions (`acp_<API-Version>`) or the Universal
 * Commerce Protocol (`ucp_<version>`). Recorded
 * on each offer at creation and carried to its checkout and order, so analytics can say which door and
 * which protocol version sells.
 */
export const AGENT_API_CHANNEL = 'agent_api';
export const AGENT_TEST_CHANNEL = 'agent_test';
/** A shopper's purchase on the merchant's public storefront (Stripe Checkout on their account). */
export const STOREFRONT_CHANNEL = 'storefront';
const ACP_PREFIX = 'acp_';
const UCP_PREFIX = 'ucp_';

export function acpChannel(apiVersion: string): string {
  return `${ACP_PREFIX}${apiVersion}`;
}

/** A UCP session's channel, which is also what the session stores as its version (ADR 048). */
export function ucpChannel(version: string): string {
  return `${UCP_PREFIX}${version}`;
}

/**
 * The channel of a protocol session from the version it stores: ACP sessions store their bare API-Version,
 * UCP sessions their channel (`ucp_<version>`), so both share one session table and one engine.
 */
export function sessionChannel(storedVersion: string): string {
  return storedVersion.startsWith(UCP_PREFIX) ? storedVersion : acpChannel(storedVersion);
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
  if (version) return `ACP ${version}`;
  return channel.startsWith(UCP_PREFIX) ? `UCP ${channel.slice(UCP_PREFIX.length)}` : channel;
}

/** The longest agent name kept: product names are short, and the column must stay bounded. */
export const AGENT_NAME_MAX_LENGTH = 64;

import type { CredentialField } from './credentials';

/**
 * What every payment provider and store platform declares about itself, in its own folder. Everything
 * the rest of the app knows about a provider (its id, label, where its API lives) is read from here through the family's registry, so adding one needs no edit elsewhere.
 */
export interface IntegrationManifest {
  /** The registry key: also the folder name, the database value and the URL segment. */
  id: string;
  /** Display name, e.g. "OpenNode". */
  name: string;
  /** `coming_soon` integrations are registered and simulated but not offered. */
  availability: 'live' | 'coming_soon';
  credentialFields: CredentialField[];
  /** The live API's base URL: fixed, or derived from the merchant's validated credentials. */
  apiBase(credentials: Record<string, unknown>): string;
  /** The merchant types the API's address, so in live mode it must pass the private-network check. */
  merchantSuppliedHost: boolean;
}

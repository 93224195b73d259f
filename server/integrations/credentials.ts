/** One input of a provider's or platform's credential form (drives the settings and setup forms). */
export interface CredentialField {
  /** The key in the credentials object, e.g. `consumerKey`. */
  name: string;
  label: string;
  /** Secret fields are password inputs and are never sent back to the browser. */
  secret: boolean;
  placeholder?: string;
  help?: string;
}

/** A display hint for a secret: enough to recognise it, never enough to use it. */
export function maskSecret(value: string): string {
  if (value.length <= 8) return '••••';
  return `${value.slice(0, Math.min(8, value.indexOf('_') + 1 || 4))}••••${value.slice(-4)}`;
}

/**
 * The hint shown for saved credentials: the masked key (a field named …Key or …Token, such as a
 * WooCommerce consumer key or a Stripe secret key), else the first secret field.
 */
export function credentialHint(
  fields: CredentialField[],
  credentials: Record<string, unknown>,
): string | null {
  const field = fields.find((f) => /(Key|Token)$/.test(f.name)) ?? fields.find((f) => f.secret);
  const value = field ? credentials[field.name] : undefined;
  return typeof value === 'string' && value ? maskSecret(value) : null;
}

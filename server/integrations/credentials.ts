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

/**
 * What the commerce engine reports to whichever API called it (the documented agent API or ACP); each
 * API words it in its own error shape. `details` is safe to return to the agent.
 */
export type CommerceErrorCode =
  | 'invalid_request' // the agent's input cannot be served (unknown SKU, wrong amount …)
  | 'invalid_checkout' // the offer/checkout is expired, unknown or in the wrong state
  | 'not_configured' // the merchant has not connected what this needs
  | 'declined'
  | 'expired'
  | 'already_processed'
  | 'not_found'
  | 'store_unavailable'
  | 'provider_unavailable';

export class CommerceError extends Error {
  constructor(
    readonly code: CommerceErrorCode,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'CommerceError';
  }
}

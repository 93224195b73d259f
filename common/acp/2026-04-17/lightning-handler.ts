import { z } from 'zod';

/**
 * The Bitcoin Lightning payment handler's own schemas (ACP 2026-04-17 handlers name a `config_schema` and
 * `instrument_schemas` by URL). The server writes the handler's config in this shape and reads a completion's
 * instrument in it; /schemas/acp/lightning/*.json serves them as JSON Schema for agents.
 */
export const lightningHandlerConfig = z.strictObject({
  network: z.literal('lightning'),
  instrument_type: z.literal('lightning_invoice'),
  credential_type: z.literal('invoice_id'),
  /** The invoice to pay; null until the session is ready for payment. */
  invoice: z
    .strictObject({
      id: z.string().describe('Send it back as the instrument credential token to complete'),
      payment_request: z.string().nullable().describe('The BOLT11 invoice'),
      payment_url: z.string().nullable(),
      amount_sats: z.number().int().nullable(),
      expires_at: z.string().nullable(),
      onchain_address: z.string().optional().describe('Only with providers that offer an on-chain fallback'),
    })
    .nullable(),
});

export type LightningHandlerConfig = z.infer<typeof lightningHandlerConfig>;

export const lightningInstrument = z.strictObject({
  type: z.literal('lightning_invoice'),
  credential: z.strictObject({
    type: z.literal('invoice_id'),
    token: z.string().min(1).describe("The id of the session's current invoice, once it is paid"),
  }),
});

export const LIGHTNING_HANDLER_SCHEMAS = {
  config: lightningHandlerConfig,
  instrument: lightningInstrument,
} as const;

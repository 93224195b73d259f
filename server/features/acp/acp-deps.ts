import type { FastifyRequest } from 'fastify';
import type { EngineDeps } from '../commerce';
import type { CheckoutAccessRecorder } from '../security-monitoring';

export type AcpDeps = EngineDeps & {
  publicUrl: string;
  /** Where reads of a session's buyer are recorded. */
  checkoutAccess: CheckoutAccessRecorder;
};

export type AcpRouteDeps = AcpDeps & {
  /** Checks the agent's request signature under the merchant's policy (acp-agents). */
  verifySignature: (
    merchantId: string,
    input: { rawBody: string; headers: FastifyRequest['headers'] },
  ) => Promise<{ ok: true } | { ok: false; code: string; message: string }>;
};

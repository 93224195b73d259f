import type { EngineDeps } from '../commerce';
import type { CheckoutAccessRecorder } from '../security-monitoring';

export type AcpDeps = EngineDeps & {
  publicUrl: string;
  /** Queues the order event for the agent's endpoint once a session's order exists or changes. */
  notifyOrder: (sessionId: string) => Promise<void>;
  /** Where reads of a session's buyer are recorded. */
  checkoutAccess: CheckoutAccessRecorder;
};

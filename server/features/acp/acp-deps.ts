import type { EngineDeps } from '../commerce';

export type AcpDeps = EngineDeps & {
  publicUrl: string;
  /** Queues the order event for the agent's endpoint once a session's order exists or changes. */
  notifyOrder: (sessionId: string) => Promise<void>;
};

import type { IncomingHttpHeaders } from 'node:http';
import type pg from 'pg';
import type { StatusResponse } from '#common/api/status';
import type { AppConfig } from './config';
import type { Db } from './db/client';
import type { LiveEngineEvents } from './events/live-engine-events';
import type { IntegrationRuntime } from './integrations/runtime';
import type { JobQueue } from './jobs/queue';
import type { AppInstance } from './jobs/instances';
import type { Clock } from './lib/clock';
import type { Logger } from './lib/logger';
import type { Auth } from './services/auth';
import type { CheckoutAccessRecorder } from './services/checkout-access';
import type { EngineDeps } from './services/engine';
import type { Mailer } from './services/mailer';
import type { PlatformBilling } from './services/platform-billing';
import type { SmsSender } from './services/sms-sender';

/**
 * The services every part of the app is built from, assembled once by compose.ts. Features receive what
 * they need from it; nothing here knows about routes.
 */
export interface AppContext {
  config: AppConfig;
  db: Db;
  /** The node-postgres pool behind `db`, for what Drizzle does not do (LISTEN/NOTIFY, pg-boss). */
  pool: pg.Pool;
  auth: Auth;
  mailer: Mailer;
  /** Sign-in codes by SMS (the phone factor); null when the phone factor is off. */
  sms: SmsSender | null;
  logger: Logger;
  /** The app's time: every rule about "now" reads it (tests pass a clock they move). */
  clock: Clock;
  /** This process as app_instances knows it, and how long its leases last. */
  instance: AppInstance;
  /** How the app reaches the outside world (providers, stores, simulators). */
  runtime: IntegrationRuntime;
  jobs: JobQueue;
  /** What the engine (features/commerce) runs on; every feature that drives it gets this one bundle. */
  engine: EngineDeps;
  /** The platform's own Stripe Billing (plans, overage, fees); null when billing is off. */
  billing: PlatformBilling | null;
  /** The engine's events as they commit, for live views (the dashboard's order stream). */
  liveEvents: LiveEngineEvents;
  /** Where reads of checkout buyer data are recorded, off the request's path (security monitoring). */
  checkoutAccess: CheckoutAccessRecorder;
  /** The health status response from real checks (GET /api/status and the ACP health document share it). */
  health: () => Promise<StatusResponse>;
  /** What the ACP checkout API asks of the merchant's agent settings (features/acp-agents). */
  acpAgents: AcpAgentServices;
}

export interface AcpAgentServices {
  /** Checks the agent's request signature under the merchant's policy. */
  verifySignature(
    merchantId: string,
    input: { rawBody: string; headers: IncomingHttpHeaders },
  ): Promise<{ ok: true } | { ok: false; code: string; message: string }>;
  /** Checks a UCP platform's RFC 9421 request signature under the same policy (ucp/platform-signature.ts). */
  verifyUcpSignature(
    merchantId: string,
    input: {
      method: string;
      path: string;
      authorities: string[];
      headers: IncomingHttpHeaders;
      rawBody: string;
      profileUrl: string;
    },
  ): Promise<{ ok: true } | { ok: false; status: 400 | 401 | 424; code: string; message: string }>;
}

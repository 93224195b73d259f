import type { z } from 'zod';
import type { OrderEventSignatureScheme } from '../../../integrations/agents/signatures';
import type { AcpBuyer } from '../../../db/schema/index';
import type { CompletePayment } from '../complete-session';
import type { SessionView } from '../session-view';
import type { SessionChanges } from '../sessions';
import type { OrderEventInput, OrderFacts, PaymentFacts } from './order-facts';

/**
 * Everything one ACP version does its own way. Each version is a folder here (versions/<version>/) whose
 * index.ts exports one of these, listed once in registry.ts; everything else (routing by API-Version,
 * discovery documents, OpenAPI, order events, the UAT collection) reads the registry. The version's zod
 * wire shapes live in common/acp/<version>/ (common/ cannot import server/) and its module imports them.
 */
export interface AcpVersionModule<V extends string = string> {
  version: V;
  /** Its wire shapes (requests lenient, responses strict); OpenAPI components are generated from them. */
  schemas: {
    create: z.ZodType;
    update: z.ZodType;
    complete: z.ZodType;
    /** The cancel body, for a version that sends one. */
    cancel?: z.ZodType;
    session: z.ZodType;
    sessionWithOrder: z.ZodType;
    order: z.ZodType;
    /** More named components the OpenAPI document publishes for this version (PaymentHandler, …). */
    components?: Record<string, z.ZodType>;
  };
  toCreate(body: unknown): SessionChanges & { items: NonNullable<SessionChanges['items']> };
  toUpdate(body: unknown): SessionChanges;
  toComplete(body: unknown): { buyer?: AcpBuyer; payment: CompletePayment };
  render(view: SessionView): unknown;
  /** A domain error's JSONPath (written as in 2025-09-29) in this version's field names. */
  param(path: string): string;
  /** Whether its sessions carry a payable Lightning invoice (a payment handler) once ready for payment. */
  lightning: boolean;
  /** Its order status for an engine order. */
  orderStatus(order: OrderFacts, payment?: PaymentFacts): string;
  /** The `data` of its order event (WebhookEvent) for this order. */
  orderEventData(input: OrderEventInput): { status: string };
  /** How its order events are signed (`Merchant-Signature`). */
  orderEventSignature: OrderEventSignatureScheme;
  /** Requests of this version as an agent sends them: the UAT collection and the registry test run them. */
  examples: {
    create(sku: string): object;
    selectExpress(sku: string): object;
    payByCard(token: string): object;
    cancel?: object;
  };
}

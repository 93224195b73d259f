import type { z } from 'zod';
import type { address } from '#common/acp/shared';
import type { AcpVersion } from '#common/acp/versions';
import type { CompletePayment } from '../complete-session';
import type { AcpAddress, AcpBuyer } from '../../../db/schema/index';
import type { SessionView } from '../session-view';
import type { SessionChanges } from '../sessions';

/** One ACP version on the wire: its request shapes in, its response shapes out. */
export interface AcpWire {
  version: AcpVersion;
  schemas: {
    create: z.ZodType;
    update: z.ZodType;
    complete: z.ZodType;
    session: z.ZodType;
    sessionWithOrder: z.ZodType;
  };
  toCreate(body: unknown): SessionChanges & { items: NonNullable<SessionChanges['items']> };
  toUpdate(body: unknown): SessionChanges;
  toComplete(body: unknown): { buyer?: AcpBuyer; payment: CompletePayment };
  render(view: SessionView): unknown;
  /** A domain error's JSONPath (written as in 2025-09-29) in this version's field names. */
  param(path: string): string;
}

/** `line_two: ""` in the official examples means no second line. */
export const orNull = (value: string | null | undefined) => (value ? value : null);

export const toAddress = (a: z.infer<typeof address>): AcpAddress => ({
  name: a.name,
  line1: a.line_one,
  line2: orNull(a.line_two),
  city: a.city,
  state: a.state,
  country: a.country.toUpperCase(),
  postalCode: a.postal_code,
});

export const fromAddress = (a: AcpAddress) => ({
  name: a.name,
  line_one: a.line1,
  ...(a.line2 ? { line_two: a.line2 } : {}),
  city: a.city,
  state: a.state,
  country: a.country,
  postal_code: a.postalCode,
});

import type { z } from 'zod';
import type { address } from '#common/acp/shared';
import type { AcpAddress } from '../../../db/schema/index';

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

/** The buyer and address the example requests of every version use. */
export const EXAMPLE_BUYER = { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' };
export const EXAMPLE_ADDRESS = {
  name: 'Ada Lovelace',
  line_one: '1 Analytical Way',
  city: 'London',
  state: 'Greater London',
  country: 'GB',
  postal_code: 'SW1A 1AA',
};

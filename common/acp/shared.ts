import { z } from 'zod';

/** A bounded string: every text field an agent sends has a ceiling. */
export const text = (max = 500) => z.string().max(max);

/** An address line a store needs to ship to: blank is refused, as the agent API refuses it. */
export const shippingLine = (max: number) =>
  z.string().trim().min(1, 'Required: a store needs it to ship').max(max);

/** The postal address both ACP versions send (line_two may be "" or absent; state is blank in much of the world). */
export const address = z.object({
  name: text(200),
  line_one: shippingLine(500),
  line_two: text().optional().nullable(),
  city: shippingLine(200),
  state: text(200),
  country: z.string().min(2).max(2),
  postal_code: shippingLine(20),
});

/** The address both versions answer with (line_two only when there is one). */
export const responseAddress = z.strictObject({
  name: z.string(),
  line_one: z.string(),
  line_two: z.string().optional(),
  city: z.string(),
  state: z.string(),
  country: z.string(),
  postal_code: z.string(),
});

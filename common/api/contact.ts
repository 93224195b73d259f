import { z } from 'zod';
export { contactMessageSchema as sendContactMessageInput } from '../validation/contact';

export const sendContactMessageOutput = z.object({ success: z.literal(true), id: z.string() });
export type SendContactMessageOutput = z.infer<typeof sendContactMessageOutput>;

import { z } from 'zod';

/**
 * The answer to sign-up and to "Email me a sign-in link": the same whether or not the address has an
 * account, so neither reveals it. In the sandbox it names the mailbox where the e-mail can be read.
 */
export const checkEmailOutput = z.object({
  status: z.literal('check_email'),
  sandboxMailbox: z.string().optional(),
});
export type CheckEmailOutput = z.infer<typeof checkEmailOutput>;

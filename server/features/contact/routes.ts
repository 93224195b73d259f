import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sendContactMessageInput } from '#common/api/contact';
import type { AppContext } from '../../app-context';
import { sendContactMessage } from './send-contact-message';

export function registerContactRoutes(
  app: FastifyInstance,
  ctx: Pick<AppContext, 'db' | 'mailer' | 'config'>,
) {
  const deps = { db: ctx.db, mailer: ctx.mailer, inbox: ctx.config.contactInbox };
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/contact',
    {
      schema: { body: sendContactMessageInput },
      // A person sends a handful of messages at most; this stops a script from filling the inbox.
      config: { rateLimit: { max: 5, timeWindow: '15 minutes' } },
    },
    async (request) => {
      const { id } = await sendContactMessage(deps, request.body, request.ip);
      return { success: true as const, id };
    },
  );
}

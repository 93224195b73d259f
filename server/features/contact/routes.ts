import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sendContactMessageInput } from '#common/api/contact';
import type { Db } from '../../db/client';
import type { Mailer } from '../mail';
import { sendContactMessage } from './send-contact-message';

export function registerContactRoutes(app: FastifyInstance, deps: { db: Db; mailer: Mailer; inbox: string }) {
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

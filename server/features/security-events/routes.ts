import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { logSecurityEventInput } from '#common/api/security-events';
import { maskEmail } from '#common/domain/privacy';
import type { AppContext } from '../../app-context';
import { recordSecurityEvent } from './record-security-event';

/**
 * The browser reports rejected form input here (a suspicious_activity named validation_failure). Only
 * field names and a masked e-mail are kept; the values themselves never leave the browser.
 */
export function registerSecurityEventRoutes(app: FastifyInstance, ctx: Pick<AppContext, 'db'>) {
  const { db } = ctx;
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/security-events',
    {
      schema: { body: logSecurityEventInput },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const { type, details, userAgent } = request.body;
      await recordSecurityEvent(db, {
        type,
        name: details.name,
        details: {
          form: details.form,
          fields: details.fields,
          ...(details.email ? { email: maskEmail(details.email) } : {}),
        },
        ipAddress: request.ip,
        userAgent: userAgent ?? request.headers['user-agent'],
      });
      return reply.status(204).send();
    },
  );
}

import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import type { ApiError } from '#common/api/errors';
import { AppError, firstMessagePerField } from '../lib/app-error';

function body(
  code: string,
  message: string,
  requestId: string,
  fieldErrors?: Record<string, string>,
): ApiError {
  return { error: { code, message, requestId, ...(fieldErrors ? { fieldErrors } : {}) } };
}

/**
 * One place that turns anything thrown into the documented error body. Client mistakes keep their 4xx
 * status; anything unexpected is logged with its cause and answered with a generic 500.
 */
export function registerErrorHandling(
  app: FastifyInstance,
  onServerError: (request: FastifyRequest, status: number) => void,
) {
  app.setErrorHandler((error: FastifyError | AppError | ZodError, request, reply) => {
    if (error instanceof AppError) {
      if (error.status >= 500) {
        request.log.error({ err: error, internal: error.internal }, error.message);
        onServerError(request, error.status);
      }
      return reply.status(error.status).send(body(error.code, error.message, request.id, error.fieldErrors));
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fieldErrors = firstMessagePerField(
        error.validation.map((v) => ({
          path: v.instancePath.split('/').filter(Boolean),
          message: v.message ?? '',
        })),
      );
      const first = Object.values(fieldErrors)[0] ?? 'Invalid request';
      return reply.status(400).send(body('invalid_request', first, request.id, fieldErrors));
    }
    if (error instanceof ZodError) {
      const fieldErrors = firstMessagePerField(error.issues);
      return reply
        .status(400)
        .send(
          body(
            'invalid_request',
            Object.values(fieldErrors)[0] ?? 'Invalid request',
            request.id,
            fieldErrors,
          ),
        );
    }
    const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status === 429) {
      return reply
        .status(429)
        .send(body('rate_limited', 'Too many requests. Please try again shortly.', request.id));
    }
    if (status >= 400 && status < 500) {
      // Fastify's own client errors: malformed JSON, body too large, unsupported media type...
      return reply.status(status).send(body('invalid_request', error.message, request.id));
    }
    request.log.error({ err: error }, 'unhandled error');
    onServerError(request, 500);
    return reply.status(500).send(body('internal', 'Something went wrong on our side.', request.id));
  });

  app.setNotFoundHandler((request, reply) => {
    reply
      .status(404)
      .send(body('not_found', `No route for ${request.method} ${request.url.split('?')[0]}`, request.id));
  });
}

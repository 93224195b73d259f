import { ACP_VERSIONS, LATEST_ACP_VERSION } from '../../acp';
import { PRODUCT_NAME, SUPPORT_EMAIL } from '#common/domain/brand';
import type { ServedOperation } from '../route-catalogue';
import { componentSchemas } from './components';
import { ERROR_EXAMPLES } from './examples';
import { openApiPaths } from './operations-openapi';
import { HEADERS, PARAMETERS, RESPONSES, SECURITY, SECURITY_SCHEMES } from './shared';

/**
 * GET /openapi.json (also /api/acp-openapi): one OpenAPI 3.1 document for both agent APIs (the Agentic Commerce Protocol at
 * /acp and the documented agent API at /api/agent), generated from the zod schemas the server validates
 * and answers with, and listing only the routes it serves.
 */
export function openApiDocument(input: { publicUrl: string; appVersion: string; served: ServedOperation[] }) {
  const docs = `${input.publicUrl}/docs`;
  return {
    openapi: '3.1.0',
    info: {
      title: `${PRODUCT_NAME} agent APIs`,
      version: input.appVersion,
      description: [
        `Two ways for an AI agent to buy from a merchant's store: the Agentic Commerce Protocol (ACP) checkout_sessions API, versions ${ACP_VERSIONS.join(' and ')} (API-Version header; latest ${LATEST_ACP_VERSION}), and ${PRODUCT_NAME}'s documented agent API (offer, checkout, confirm, order).`,
        'Both authenticate with the merchant API key. Amounts are integers in minor units. Rate limits are per API key (x-rate-limit on each operation).',
      ].join('\n\n'),
      contact: { email: SUPPORT_EMAIL, url: docs },
    },
    externalDocs: { url: docs },
    servers: [{ url: input.publicUrl }],
    security: SECURITY,
    tags: [
      { name: 'ACP checkout sessions', externalDocs: { url: `${docs}#acp` } },
      { name: 'Agent API', externalDocs: { url: `${docs}#endpoints` } },
    ],
    paths: openApiPaths(input.served),
    components: {
      schemas: componentSchemas(),
      parameters: PARAMETERS,
      headers: HEADERS,
      responses: withErrorExamples(RESPONSES),
      securitySchemes: SECURITY_SCHEMES,
    },
  };
}
export type OpenApiDocument = ReturnType<typeof openApiDocument>;

/** Each error response with its example answer. */
function withErrorExamples(responses: typeof RESPONSES) {
  return Object.fromEntries(
    Object.entries(responses).map(([name, response]) => {
      const media = response.content['application/json'];
      const example = ERROR_EXAMPLES[name];
      if (!example) throw new Error(`No example for the ${name} response`);
      return [
        name,
        {
          ...response,
          content: {
            'application/json': {
              ...media,
              examples: { default: { summary: response.description, value: example } },
            },
          },
        },
      ];
    }),
  );
}

import type { FastifyInstance } from 'fastify';
import { agentOperation } from '../developers';
import type { AcpOperation } from './checkout-operations';

/**
 * Each checkout operation's per-key rate limit, built once and shared by both bindings: a REST call and
 * an MCP tool call of the same operation with the same key count against one allowance.
 */
export function acpOperationLimits(app: FastifyInstance) {
  return {
    create: agentOperation(app, 'acp.create', 100),
    get: agentOperation(app, 'acp.get', 100),
    update: agentOperation(app, 'acp.update', 100),
    complete: agentOperation(app, 'acp.complete', 30),
    cancel: agentOperation(app, 'acp.cancel', 30),
  } satisfies Record<AcpOperation, ReturnType<typeof agentOperation>>;
}

export type AcpOperationLimits = ReturnType<typeof acpOperationLimits>;

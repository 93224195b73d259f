export { agentKeyGuard, agentOperation, type OperationLimit } from './agent-key-guard';
export { forgetRecentKeys } from './api-keys';

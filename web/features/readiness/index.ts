// The readiness feature's public entry: the agent readiness panel and the readiness check it polls.
export { AgentReadinessPanel } from './agent-readiness-panel';
export { useReadiness } from './api/check-readiness';

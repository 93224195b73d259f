import type { AgentApplicationFacts } from '#common/api/agent-application';
import { ApiRequestError } from '#web/lib/api-client';
import { useAgentApplication } from './api/get-agent-application';

/** What the screen can do with the merchant's facts: generating needs a loaded merchant. */
export type ApplicationFactsState =
  | { kind: 'loading' }
  | { kind: 'no-merchant' }
  | { kind: 'error'; message: string; retry: () => void; retrying: boolean }
  | { kind: 'ready'; facts: AgentApplicationFacts };

export function useApplicationFactsState(): ApplicationFactsState {
  const query = useAgentApplication();
  if (query.data) return { kind: 'ready', facts: query.data };
  if (query.isPending) return { kind: 'loading' };
  // A signed-in user without a merchant record (onboarding creates it) is answered 404.
  if (query.error instanceof ApiRequestError && query.error.status === 404) return { kind: 'no-merchant' };
  return {
    kind: 'error',
    message: query.error?.message ?? '',
    retry: () => void query.refetch(),
    retrying: query.isFetching,
  };
}

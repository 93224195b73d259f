import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { noteSessionEnded } from './session-notice';

/** The signed-in user's query (features/auth's SESSION_QUERY_KEY). */
const SESSION_KEY = ['session'] as const;

/**
 * Any request can be the one the server refuses because the session ended (idle timeout, 24-hour
 * maximum) or the address is not allowed: the app then holds no user, and protected pages send the
 * person to /auth, where the reason is shown.
 */
function endSessionOn(err: unknown) {
  if (noteSessionEnded(err)) queryClient.setQueryData(SESSION_KEY, null);
}

export const queryClient: QueryClient = new QueryClient({
  queryCache: new QueryCache({ onError: endSessionOn }),
  mutationCache: new MutationCache({ onError: endSessionOn }),
  defaultOptions: {
    queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false },
  },
});

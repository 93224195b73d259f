import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '#web/lib/api-client';
import { queryKeys } from '#web/lib/query-keys';
import { useIsSandbox } from '#web/lib/app-status';

const sandboxCredentials = z.record(z.string(), z.record(z.string(), z.string()));

/** GET /__sim/credentials (sandbox only): the credentials each provider's simulator accepts. */
export function getSandboxCredentials() {
  return apiRequest('/__sim/credentials', { schema: sandboxCredentials });
}

/** A provider's sandbox credentials, or undefined outside the sandbox (and while loading). */
export function useSandboxCredentials(provider: string): Record<string, string> | undefined {
  const isSandbox = useIsSandbox();
  const query = useQuery({
    queryKey: queryKeys.sandboxCredentials,
    queryFn: getSandboxCredentials,
    enabled: isSandbox === true,
    staleTime: Infinity,
  });
  return query.data?.[provider];
}

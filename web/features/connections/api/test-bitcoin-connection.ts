import { useMutation } from '@tanstack/react-query';
import { connectionCheckOutput } from '#common/api/connections';
import { apiRequest } from '#web/lib/api-client';

/** POST /api/connections/bitcoin/test: tests a Bitcoin provider's credentials, saving nothing. */
export function testBitcoinConnection(input: { provider: string; credentials: Record<string, string> }) {
  return apiRequest('/api/connections/bitcoin/test', { body: input, schema: connectionCheckOutput });
}

export const useTestBitcoinConnection = () => useMutation({ mutationFn: testBitcoinConnection });

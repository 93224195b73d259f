import { useQuery } from '@tanstack/react-query';
import { connectionsOutput } from '#common/api/connections';
import { paymentMethodFallbackLabel } from '#common/domain/labels';
import { apiRequest } from '#web/lib/api-client';
import { queryKeys } from '#web/lib/query-keys';

/** GET /api/connections: the merchant's store and payment connections, and every platform's form fields. */
export function listConnections() {
  return apiRequest('/api/connections', { schema: connectionsOutput });
}

export function useConnections() {
  return useQuery({ queryKey: queryKeys.connections, queryFn: listConnections });
}

/**
 * Names a store platform or payment provider as the server's registries do (ADR 011: the web app keeps
 * no list of its own), falling back to the id until the list has loaded.
 */
export function useIntegrationName(): (id: string) => string {
  const { data } = useConnections();
  return (id) =>
    data?.platforms.find((p) => p.id === id)?.name ??
    data?.paymentProviders.find((p) => p.id === id)?.name ??
    id;
}

/**
 * The payments-history methods (`stripe_spt`, `btc_<id>`) with the names the dashboard gives them, as
 * the server's registries list them. `labelOf` names a method this list does not hold (or holds not yet)
 * by its kind, never by its code.
 */
export function usePaymentMethods(): {
  methods: { name: string; label: string }[];
  labelOf(method: string): string;
} {
  const { data } = useConnections();
  const methods = data?.paymentProviders.map((p) => p.paymentMethod) ?? [];
  return {
    methods,
    labelOf: (method) => methods.find((m) => m.name === method)?.label ?? paymentMethodFallbackLabel(method),
  };
}

/**
 * The Lightning providers a merchant can pick, named as one phrase ("A or B", "A, B or C"); `fallback`
 * until the list has loaded.
 */
export function useLightningProviderNames(fallback = 'a Lightning provider'): string {
  const { data } = useConnections();
  const names = (data?.paymentProviders ?? [])
    .filter((p) => p.method === 'lightning' && p.availability === 'live')
    .map((p) => p.name);
  if (names.length === 0) return fallback;
  return names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} or ${names.at(-1)}`;
}

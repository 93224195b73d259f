import { useMutation, useQuery } from '@tanstack/react-query';
import {
  listMerchantWebhookDeliveriesOutput,
  merchantWebhookDeliveryView,
  merchantWebhookSecretOutput,
  merchantWebhookSettingsOutput,
  savedMerchantWebhookSettingsOutput,
  testMerchantWebhookOutput,
  type UpdateMerchantWebhookSettingsInput,
} from '#common/api/merchant-webhooks';
import { apiRequest } from '#web/lib/api-client';
import { queryKeys } from '#web/lib/query-keys';
import { useInvalidatingMutation } from '#web/lib/use-invalidating-mutation';

/** GET /api/merchant-webhooks: the endpoint, its events and whether a signing secret exists. */
export function getWebhookSettings() {
  return apiRequest('/api/merchant-webhooks', { schema: merchantWebhookSettingsOutput });
}

export const useWebhookSettings = () =>
  useQuery({ queryKey: queryKeys.merchantWebhooks, queryFn: getWebhookSettings });

/** PUT /api/merchant-webhooks: saves; the first save answers with the new secret, this once. */
export function saveWebhookSettings(input: UpdateMerchantWebhookSettingsInput) {
  return apiRequest('/api/merchant-webhooks', {
    method: 'PUT',
    body: input,
    schema: savedMerchantWebhookSettingsOutput,
  });
}

export const useSaveWebhookSettings = () =>
  useInvalidatingMutation(saveWebhookSettings, [queryKeys.merchantWebhooks]);

/** POST /api/merchant-webhooks/secret: a new signing secret (the old one stops at once), shown this once. */
export function rotateWebhookSecret() {
  return apiRequest('/api/merchant-webhooks/secret', { body: {}, schema: merchantWebhookSecretOutput });
}

export const useRotateWebhookSecret = () =>
  useInvalidatingMutation(rotateWebhookSecret, [queryKeys.merchantWebhooks]);

/** POST /api/merchant-webhooks/test: one signed test event to `url`, and what the receiver answered. */
export function sendTestWebhook(url: string) {
  return apiRequest('/api/merchant-webhooks/test', { body: { url }, schema: testMerchantWebhookOutput });
}

export const useSendTestWebhook = () => useMutation({ mutationFn: sendTestWebhook });

/** GET /api/merchant-webhooks/deliveries: the delivery log, newest first. */
export function listWebhookDeliveries() {
  return apiRequest('/api/merchant-webhooks/deliveries?limit=50', {
    schema: listMerchantWebhookDeliveriesOutput,
  });
}

/** The log, refreshed every few seconds while a delivery is still being attempted. */
export const useWebhookDeliveries = () =>
  useQuery({
    queryKey: queryKeys.merchantWebhookDeliveries,
    queryFn: listWebhookDeliveries,
    refetchInterval: (query) =>
      query.state.data?.deliveries.some((d) => d.status === 'pending') ? 2_000 : 15_000,
  });

/** POST /api/merchant-webhooks/deliveries/:id/redeliver: sends it again with fresh retries. */
export function redeliverWebhook(id: string) {
  return apiRequest(`/api/merchant-webhooks/deliveries/${encodeURIComponent(id)}/redeliver`, {
    body: {},
    schema: merchantWebhookDeliveryView,
  });
}

export const useRedeliverWebhook = () =>
  useInvalidatingMutation(redeliverWebhook, [queryKeys.merchantWebhookDeliveries]);

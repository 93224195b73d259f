import { toast } from 'sonner';

/**
 * The readiness panel's toasts. The check's and the merchant's have fixed
 * ids, so a failure reported by a poll and by a Refresh at the same moment shows once.
 */
export function toastReadinessCheckFailed() {
  toast.error('Health Check Failed', {
    id: 'readiness-check-failed',
    description: 'Could not verify agent readiness endpoints.',
  });
}

export function toastMerchantLoadFailed(error: Error) {
  toast.error('Error loading merchant data', { id: 'merchant-load-failed', description: error.message });
}

export function toastUpdateFailed(error: Error) {
  toast.error('Failed to update', { description: error.message });
}

export function toastHealthUnreachable(error: Error) {
  toast.error('Health Check Failed', { description: `Unable to reach health endpoint: ${error.message}` });
}

/** The OpenAPI button's failure, worded like the readiness toasts above. */
export function toastOpenApiUnreachable(error: Error) {
  toast.error('Could not load the OpenAPI document', {
    description: `${error.message} Try again in a moment.`,
  });
}

export function toastWindowBlocked(error: Error) {
  toast.error('Window blocked', { description: error.message });
}

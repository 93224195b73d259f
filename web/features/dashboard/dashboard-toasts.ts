import { toast } from 'sonner';

/**
 * The dashboard's toasts, worded as the product's catalogue has them. Failures of polled data have
 * fixed ids, so a poll and a retry failing together show one toast.
 */
export function toastHealthCheckFailed(error: Error) {
  toast.error('Health Check Failed', { id: 'dashboard-health-failed', description: error.message });
}

export function toastStoreConnectionsFailed(error: Error) {
  toast.error('Error loading store connections', {
    id: 'dashboard-connections-failed',
    description: error.message,
  });
}

export function toastConnectionSuccessful(platformName: string) {
  toast.success('Connection Successful', {
    description: `${platformName} is properly configured and responding.`,
  });
}

export function toastConnectionFailed(serverError: string | undefined) {
  toast.error('Connection Failed', { description: serverError || 'Could not connect to platform API.' });
}

export function toastConnectionTestFailed() {
  toast.error('Test Failed', { description: 'Unable to test connection. Check your credentials.' });
}

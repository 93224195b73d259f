import { RotateCw } from 'lucide-react';
import { toast } from 'sonner';
import type { MerchantWebhookDeliveryView } from '#common/api/merchant-webhooks';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { LoadError } from '#web/components/ui/load-error';
import { Skeleton } from '#web/components/ui/skeleton';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '#web/components/ui/table';
import { useRedeliverWebhook, useWebhookDeliveries } from '../api/merchant-webhooks';

const STATUS: Record<
  MerchantWebhookDeliveryView['status'],
  { label: string; variant: 'success' | 'warning' | 'danger' }
> = {
  delivered: { label: 'Delivered', variant: 'success' },
  pending: { label: 'Retrying', variant: 'warning' },
  failed: { label: 'Failed', variant: 'danger' },
};

const COLUMNS = 6;

/** The delivery log: each event, how it went, the endpoint's last answer, and Redeliver. */
export function WebhookDeliveriesTable() {
  const deliveries = useWebhookDeliveries();
  if (deliveries.isError) {
    return (
      <LoadError
        title="Your webhook deliveries could not be loaded"
        onRetry={() => deliveries.refetch()}
        retrying={deliveries.isFetching}
      >
        <p>{deliveries.error.message}</p>
      </LoadError>
    );
  }
  // Said outside the table: in a table as wide as its columns, a phone would cut the sentence off.
  if (deliveries.isSuccess && deliveries.data.deliveries.length === 0) {
    return (
      <p className="rounded-xl border border-dashed border-slate-200 px-4 py-6 text-center text-sm text-slate-600">
        No deliveries yet. Events you subscribe to appear here as they are sent.
      </p>
    );
  }
  return (
    <Table stacked caption="Webhook deliveries, newest first" aria-busy={deliveries.isPending}>
      <TableHeader>
        <TableRow>
          <TableHead>Event</TableHead>
          <TableHead>Status</TableHead>
          <TableHead className="text-right">Attempts</TableHead>
          <TableHead>Last answer</TableHead>
          <TableHead>Created</TableHead>
          <TableHead>
            <span className="sr-only">Actions</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {!deliveries.isSuccess
          ? [0, 1, 2].map((i) => (
              <TableRow key={i}>
                <TableCell colSpan={COLUMNS}>
                  <Skeleton className="h-5 w-full" />
                </TableCell>
              </TableRow>
            ))
          : deliveries.data.deliveries.map((delivery) => (
              <DeliveryRow key={delivery.id} delivery={delivery} />
            ))}
      </TableBody>
    </Table>
  );
}

function DeliveryRow({ delivery }: { delivery: MerchantWebhookDeliveryView }) {
  const redeliver = useRedeliverWebhook();
  const status = STATUS[delivery.status];
  const resend = async () => {
    try {
      await redeliver.mutateAsync(delivery.id);
      toast.success('Sending again', {
        description: `${delivery.event_type} is on its way to your endpoint.`,
      });
    } catch (err) {
      toast.error('Could not redeliver', { description: err instanceof Error ? err.message : undefined });
    }
  };
  return (
    <TableRow>
      <TableCell label="Event">
        <code className="font-mono text-xs text-slate-900">{delivery.event_type}</code>
        <span
          className="block max-w-48 truncate font-mono text-xs text-slate-500"
          title={delivery.subject_id}
        >
          {delivery.subject_id}
        </span>
      </TableCell>
      <TableCell label="Status">
        <Badge variant={status.variant}>{status.label}</Badge>
      </TableCell>
      <TableCell label="Attempts" className="text-right tabular-nums">
        {delivery.attempts}
      </TableCell>
      <TableCell label="Last answer" className="max-w-60 whitespace-normal">
        {delivery.last_response_status !== null && (
          <span className="font-mono text-xs font-semibold">HTTP {delivery.last_response_status}</span>
        )}
        {delivery.last_error && <span className="block text-xs text-red-700">{delivery.last_error}</span>}
        {delivery.last_response_body && (
          <details className="text-xs text-slate-600">
            <summary className="cursor-pointer">Answer body</summary>
            <pre className="mt-1 whitespace-pre-wrap break-all font-mono text-slate-500">
              {delivery.last_response_body.slice(0, 120)}
            </pre>
          </details>
        )}
        {delivery.attempts === 0 && <span className="text-xs text-slate-500">Not sent yet</span>}
      </TableCell>
      <TableCell label="Created" className="tabular-nums text-slate-600">
        <time dateTime={delivery.created_at}>
          {new Date(delivery.created_at).toLocaleString([], { dateStyle: 'short', timeStyle: 'short' })}
        </time>
      </TableCell>
      <TableCell className="text-right">
        <Button
          variant="outline"
          size="sm"
          onClick={resend}
          disabled={delivery.status === 'pending' || redeliver.isPending}
          aria-label={`Redeliver ${delivery.event_type} ${delivery.subject_id}`}
        >
          <RotateCw aria-hidden="true" className={redeliver.isPending ? 'animate-spin' : undefined} />
          Redeliver
        </Button>
      </TableCell>
    </TableRow>
  );
}

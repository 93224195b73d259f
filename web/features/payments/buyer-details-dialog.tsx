import { useQuery } from '@tanstack/react-query';
import { UserRound } from 'lucide-react';
import { useState } from 'react';
import { paymentDetailsOutput, type PaymentBuyer } from '#common/api/payments';
import { Button } from '#web/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
} from '#web/components/ui/dialog';
import { LoadError } from '#web/components/ui/load-error';
import { Skeleton } from '#web/components/ui/skeleton';
import { apiRequest } from '#web/lib/api-client';
import { queryKeys } from '#web/lib/query-keys';

/**
 * The buyer behind one payment, in a dialog. Reading it is a checkout access (security monitoring), so it
 * is fetched each time the dialog opens and dropped when it closes: every view is a recorded read.
 */
export function BuyerDetailsDialog({ paymentId }: { paymentId: string }) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="ghost" size="sm">
          <UserRound aria-hidden="true" />
          Buyer
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogTitle>Buyer</DialogTitle>
        <DialogDescription>
          Who paid, as the agent sent it. Opening this is recorded in your security log.
        </DialogDescription>
        {open && <BuyerDetails paymentId={paymentId} />}
      </DialogContent>
    </Dialog>
  );
}

function BuyerDetails({ paymentId }: { paymentId: string }) {
  const details = useQuery({
    queryKey: [...queryKeys.payments, 'details', paymentId],
    queryFn: () =>
      apiRequest(`/api/payments/${encodeURIComponent(paymentId)}`, { schema: paymentDetailsOutput }),
    gcTime: 0,
    retry: false,
  });
  if (details.isPending) {
    return (
      <div className="mt-4 space-y-2" aria-busy="true" aria-label="Loading the buyer">
        <Skeleton className="h-4 w-40" />
        <Skeleton className="h-4 w-56" />
        <Skeleton className="h-4 w-48" />
      </div>
    );
  }
  if (details.isError) {
    return (
      <div className="mt-4">
        <LoadError
          title="Failed to load the buyer."
          onRetry={() => void details.refetch()}
          retrying={details.isFetching}
        >
          {details.error.message}
        </LoadError>
      </div>
    );
  }
  return <BuyerFields buyer={details.data.buyer} />;
}

function BuyerFields({ buyer }: { buyer: PaymentBuyer }) {
  const { address } = buyer;
  const lines = [
    address.line1,
    address.line2,
    [address.city, address.region].filter(Boolean).join(', '),
    `${address.postal_code} ${address.country}`,
  ].filter(Boolean);
  return (
    <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
      <dt className="text-slate-600">Name</dt>
      <dd className="text-slate-900">{buyer.name}</dd>
      <dt className="text-slate-600">Email</dt>
      <dd className="break-all text-slate-900">{buyer.email}</dd>
      {buyer.phone && (
        <>
          <dt className="text-slate-600">Phone</dt>
          <dd className="text-slate-900">{buyer.phone}</dd>
        </>
      )}
      <dt className="text-slate-600">Address</dt>
      <dd className="text-slate-900">
        {lines.map((line) => (
          <span key={line} className="block">
            {line}
          </span>
        ))}
      </dd>
    </dl>
  );
}

import { CheckCircle2, Clock, SearchX } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { CopyableId } from '#web/components/copyable-id';
import { Button } from '#web/components/ui/button';
import { Card, CardContent } from '#web/components/ui/card';
import { LoadError } from '#web/components/ui/load-error';
import { Section } from '#web/components/ui/section';
import { Skeleton } from '#web/components/ui/skeleton';
import { useSeo } from '#web/lib/use-seo';
import { isNotFound } from '#web/lib/api-client';
import { useStorefrontSession } from './api/storefront';
import { ShopChrome } from './shop-chrome';

function Outcome({
  icon,
  title,
  children,
  accountId,
}: {
  icon: ReactNode;
  title: string;
  children: ReactNode;
  accountId: string;
}) {
  return (
    <Card className="mx-auto max-w-lg text-center">
      <CardContent className="grid justify-items-center gap-4 py-12">
        {icon}
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
        {children}
        <div className="mt-2 flex flex-col gap-3 sm:flex-row">
          <Button asChild>
            <Link to={`/storefront/${encodeURIComponent(accountId)}`}>Continue Shopping</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/">Back to Home</Link>
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

const badge = (className: string, icon: ReactNode) => (
  <span className={`inline-flex size-14 items-center justify-center rounded-2xl ${className}`}>{icon}</span>
);

/**
 * /storefront/:accountId/success?session_id=…: says the order is paid only after Stripe confirms the
 * session (on that store's account) was paid; anything else gets an honest message.
 */
export default function StorefrontSuccessPage() {
  const { accountId = '' } = useParams();
  const [params] = useSearchParams();
  const sessionId = params.get('session_id');
  useSeo({ title: 'Payment successful', description: 'Your order confirmation.', noIndex: true });
  const session = useStorefrontSession(accountId, sessionId);

  let content;
  if (!sessionId) {
    content = (
      <Outcome
        accountId={accountId}
        title="No order to show"
        icon={badge('bg-slate-100 text-slate-500', <SearchX aria-hidden="true" className="size-7" />)}
      >
        <p className="text-slate-600">
          This page needs the link from your checkout. Return to the store to place an order.
        </p>
      </Outcome>
    );
  } else if (session.isPending) {
    content = (
      <Card className="mx-auto max-w-lg" role="status" aria-label="Checking your payment">
        <CardContent className="grid justify-items-center gap-4 py-12">
          <Skeleton className="size-14 rounded-2xl" />
          <Skeleton className="h-7 w-2/3" />
          <Skeleton className="h-4 w-full" />
          <p className="text-sm text-slate-600">Checking your payment with Stripe...</p>
        </CardContent>
      </Card>
    );
  } else if (session.isError) {
    content = isNotFound(session.error) ? (
      <Outcome
        accountId={accountId}
        title="Order not found"
        icon={badge('bg-slate-100 text-slate-500', <SearchX aria-hidden="true" className="size-7" />)}
      >
        <p className="text-slate-600">{session.error.message}</p>
      </Outcome>
    ) : (
      <div className="mx-auto max-w-lg">
        <LoadError
          title="We could not check your payment"
          onRetry={() => void session.refetch()}
          retrying={session.isFetching}
        >
          {session.error.message}
        </LoadError>
      </div>
    );
  } else if (session.data.paid) {
    content = (
      <Outcome
        accountId={accountId}
        title="Payment Successful!"
        icon={badge('bg-emerald-50 text-emerald-600', <CheckCircle2 aria-hidden="true" className="size-7" />)}
      >
        <p className="text-slate-600">Thank you for your purchase. Your order has been confirmed.</p>
        {session.data.orderNumber && (
          <div className="flex w-full flex-wrap items-center justify-between gap-2 rounded-xl bg-slate-50 px-4 py-3">
            <p className="text-sm font-medium text-slate-600">Order ID</p>
            <CopyableId value={session.data.orderNumber} label="order number" className="text-sm" />
          </div>
        )}
      </Outcome>
    );
  } else {
    content = (
      <Outcome
        accountId={accountId}
        title="Payment not completed"
        icon={badge('bg-amber-50 text-amber-600', <Clock aria-hidden="true" className="size-7" />)}
      >
        <p className="text-slate-600">
          {session.data.status === 'expired'
            ? 'This checkout expired before it was paid. Return to the store to order again.'
            : 'This order has not been paid. If you have just paid, refresh this page in a moment; otherwise return to the store and try again.'}
        </p>
      </Outcome>
    );
  }

  return (
    <ShopChrome accountId={accountId}>
      <Section className="py-10 lg:py-14">{content}</Section>
    </ShopChrome>
  );
}

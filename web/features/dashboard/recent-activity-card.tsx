import { ArrowRight, Inbox } from 'lucide-react';
import { Link } from 'react-router';
import type { OrderView } from '#common/api/orders';
import { ROUTES } from '#common/routes';
import { TestBadge } from '#web/components/test-badge';
import { Button } from '#web/components/ui/button';
import { SectionCard } from '#web/components/ui/section-card';
import { LoadError } from '#web/components/ui/load-error';
import { LoadingState, Skeleton } from '#web/components/ui/skeleton';
import { formatRelativeTime, useNow } from '#web/lib/relative-time';
import { useLiveOrders } from './api/live-orders';
import { OrderStatusBadge } from '#web/components/order-status-badge';
import { formatMoney } from '#web/lib/money';
import { CancelOrderAction, RefundDialog } from '#web/features/payments';

/** Orders that were paid, so their payment may be refunded. */
const REFUNDABLE_STATUSES = new Set(['ACCEPTED', 'IN_PROGRESS', 'FULFILLED', 'CANCELLED']);

/** The dashboard shows the 5 latest orders; the full history is on /payments. */
export const RECENT_ORDERS = 5;

/** Recent Activity: the latest orders, live (a new order appears without a reload). */
export function RecentActivityCard() {
  const orders = useLiveOrders(RECENT_ORDERS);
  return (
    <SectionCard
      title="Recent Activity"
      description="The latest orders agents placed, as they arrive."
      aside={
        <Button asChild variant="ghost" size="sm">
          <Link to={ROUTES.payments.path}>
            View All
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      }
    >
      {orders.isPending ? (
        <LoadingState label="Loading orders...">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} className="h-14 rounded-xl" />
          ))}
        </LoadingState>
      ) : orders.isError ? (
        <LoadError
          title="We could not load your orders"
          onRetry={() => void orders.refetch()}
          retrying={orders.isFetching}
        >
          {orders.error.message}
        </LoadError>
      ) : orders.data.orders.length === 0 ? (
        <NoOrdersYet />
      ) : (
        <OrderList orders={orders.data.orders} />
      )}
    </SectionCard>
  );
}

function OrderList({ orders }: { orders: OrderView[] }) {
  const now = useNow();
  return (
    <ul aria-label="Latest orders" className="divide-y divide-slate-100">
      {orders.map((order) => (
        <li
          key={order.id}
          className="flex flex-wrap items-center justify-between gap-3 py-3 first:pt-0 last:pb-0"
        >
          <div className="min-w-0">
            <p className="flex items-center gap-2 font-medium text-slate-900">
              <span>
                Order #<span className="font-mono">{order.id.slice(0, 8)}</span>
              </span>
              {order.test && <TestBadge />}
            </p>
            <p className="text-sm text-slate-600">
              <time dateTime={order.created_at} title={new Date(order.created_at).toLocaleString()}>
                {formatRelativeTime(new Date(order.created_at), now)}
              </time>
            </p>
          </div>
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
            <span className="text-sm tabular-nums text-slate-700">
              {formatMoney(order.total, order.currency)}
            </span>
            <OrderStatusBadge status={order.status} />
            {order.payment_id && REFUNDABLE_STATUSES.has(order.status) && (
              <RefundDialog paymentId={order.payment_id} />
            )}
            {order.payment_id &&
              (REFUNDABLE_STATUSES.has(order.status) || order.store_cancellation === 'flagged') && (
                <CancelOrderAction order={order} paymentId={order.payment_id} />
              )}
          </div>
        </li>
      ))}
    </ul>
  );
}

function NoOrdersYet() {
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-slate-300 px-6 py-10 text-center">
      <span className="inline-flex size-10 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
        <Inbox aria-hidden="true" className="size-5" />
      </span>
      <p className="font-medium text-slate-900">Ready to accept orders</p>
      <p className="max-w-sm text-sm text-slate-600">
        Orders appear here the moment an agent buys. Run a test checkout to see one arrive.
      </p>
      <div className="flex flex-wrap justify-center gap-2">
        <Button asChild size="sm">
          <Link to={ROUTES.agentTesting.path}>Test Integration</Link>
        </Button>
        <Button asChild size="sm" variant="outline">
          <Link to={ROUTES.docs.path}>View Docs</Link>
        </Button>
      </div>
    </div>
  );
}

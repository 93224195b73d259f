import { CircleCheck, CircleX, Clock, TimerOff, type LucideIcon } from 'lucide-react';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableMessageRow,
  TableRow,
} from '#web/components/ui/table';
import { cn } from '#web/lib/cn';
import { formatMoney } from '#web/lib/money';
import type { TestTransaction, TestTransactionStatus } from './test-transactions';

const STATUS_STYLE: Record<TestTransactionStatus, { icon: LucideIcon; className: string }> = {
  paid: { icon: CircleCheck, className: 'text-emerald-700' },
  failed: { icon: CircleX, className: 'text-red-700' },
  pending: { icon: Clock, className: 'text-amber-700' },
  expired: { icon: TimerOff, className: 'text-slate-600' },
};

const METHOD_LABELS: Record<TestTransaction['method'], string> = {
  stripe: 'Card (Stripe)',
  bitcoin: 'Bitcoin Lightning',
};

/** 'Recent Test Transactions': Method, Status (icon and word), Amount, Time. */
export function TestTransactionsTable({ transactions }: { transactions: TestTransaction[] }) {
  return (
    <Table caption="Recent test transactions, newest first">
      <TableHeader>
        <TableRow>
          <TableHead>Method</TableHead>
          <TableHead>Status</TableHead>
          <TableHead className="text-right">Amount</TableHead>
          <TableHead className="text-right">Time</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {transactions.length === 0 ? (
          <TableMessageRow colSpan={4}>No test transactions yet. Try a test checkout above.</TableMessageRow>
        ) : (
          transactions.map((t) => (
            <TableRow key={t.id}>
              <TableCell className="font-medium text-slate-900">{METHOD_LABELS[t.method]}</TableCell>
              <TableCell>
                <StatusLabel status={t.status} />
              </TableCell>
              <TableCell className="text-right tabular-nums">{formatMoney(t.amount, t.currency)}</TableCell>
              <TableCell className="text-right tabular-nums text-slate-600">
                <time dateTime={t.timestamp}>{new Date(t.timestamp).toLocaleTimeString()}</time>
              </TableCell>
            </TableRow>
          ))
        )}
      </TableBody>
    </Table>
  );
}

function StatusLabel({ status }: { status: TestTransactionStatus }) {
  const { icon: Icon, className } = STATUS_STYLE[status];
  return (
    <span className={cn('inline-flex items-center gap-1.5 font-medium', className)}>
      <Icon aria-hidden="true" className="size-4" />
      {status}
    </span>
  );
}

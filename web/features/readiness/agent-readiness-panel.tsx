import { FileArchive, RefreshCw, Store } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { ReadinessReport } from '#common/api/readiness';
import { Alert } from '#web/components/ui/alert';
import { Button } from '#web/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader } from '#web/components/ui/card';
import { LoadingState, Skeleton } from '#web/components/ui/skeleton';
import { useAccount } from '#web/features/account';
import { cn } from '#web/lib/cn';
import { AgentDocuments } from './agent-documents';
import { useReadiness } from './api/check-readiness';
import { PaymentMethodsUnavailable, PaymentMethodToggles } from './payment-method-toggles';
import { ReadinessReasons } from './readiness-reasons';
import { overallStatus } from './readiness-status';
import { toastMerchantLoadFailed, toastReadinessCheckFailed } from './readiness-toasts';
import { ProtocolIndicators, ServiceIndicators } from './service-indicators';
import { StatusBadge } from './status-badge';
import { useFailureToast } from '#web/lib/use-failure-toast';

/**
 * The Agent Readiness panel, mounted by onboarding step 5 and the dashboard: can AI agents buy from
 * this merchant right now, what to fix if not, the payment-method switches, and the documents agents
 * read. The check runs on open, every 60 s and on Refresh.
 */
export function AgentReadinessPanel({
  className,
  fixesHere,
}: {
  className?: string;
  /** What to say instead for a reason the page around the panel lets the merchant fix, by its code. */
  fixesHere?: Partial<Record<string, string>>;
}) {
  const headingId = useId();
  const account = useAccount();
  const hasNoMerchant = account.data?.merchant === null;
  // Before the account answers we do not know whether there is a merchant to check; if the account
  // cannot be loaded, the check still runs, since it does not need it.
  const readiness = useReadiness({ enabled: account.isSuccess ? !hasNoMerchant : account.isError });
  useFailureToast(readiness.error, toastReadinessCheckFailed);
  useFailureToast(account.error, toastMerchantLoadFailed);

  const refresh = async () => {
    if ((await readiness.refetch()).isError) toastReadinessCheckFailed();
  };
  const report = readiness.data;
  const showsStatus = report !== undefined || readiness.isError;

  return (
    <Card aria-labelledby={headingId} role="region" className={cn('overflow-hidden', className)}>
      <CardHeader className="gap-4 border-b border-slate-100 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0 space-y-1.5">
          <div className="flex flex-wrap items-center gap-2.5">
            <h2 id={headingId} className="text-lg font-semibold leading-tight text-slate-900">
              Agent readiness
            </h2>
            {showsStatus && (
              <span aria-label={`Status: ${overallStatus(report?.status).label}`} role="status">
                <StatusBadge status={overallStatus(report?.status)} />
              </span>
            )}
          </div>
          <CardDescription>Whether AI agents such as ChatGPT can find your products and pay.</CardDescription>
          {report && <CheckedLine report={report} />}
        </div>
        {!hasNoMerchant && (
          <Button
            variant="outline"
            size="sm"
            className="self-start"
            onClick={refresh}
            disabled={readiness.isFetching || readiness.isPending}
          >
            <RefreshCw aria-hidden="true" className={cn(readiness.isFetching && 'animate-spin')} />
            {readiness.isFetching ? 'Checking...' : 'Refresh'}
          </Button>
        )}
      </CardHeader>

      <CardContent className="space-y-6 pt-6">
        {hasNoMerchant ? (
          <NoMerchantYet />
        ) : readiness.isPending ? (
          <PanelSkeleton />
        ) : !report ? (
          <CheckFailed message={readiness.error?.message} onRetry={refresh} retrying={readiness.isFetching} />
        ) : (
          <>
            {readiness.isError && (
              <Alert variant="warning" title="The latest check failed">
                {readiness.error.message} Showing the previous result; we try again every minute.
              </Alert>
            )}
            <PanelSection title="Services">
              <ServiceIndicators services={report.services} />
            </PanelSection>
            <PanelSection title="Protocols">
              <ProtocolIndicators protocols={report.protocols} />
            </PanelSection>
            <PanelSection title="What to fix">
              <ReadinessReasons reasons={report.reasons} fixesHere={fixesHere} />
            </PanelSection>
            <PanelSection title="Payment methods">
              {account.data?.merchant ? (
                <PaymentMethodToggles payments={account.data.merchant.payments} />
              ) : account.isError ? (
                <PaymentMethodsUnavailable onRetry={() => void account.refetch()} />
              ) : (
                <Skeleton className="h-32" />
              )}
            </PanelSection>
          </>
        )}
      </CardContent>

      <CardFooter className="flex-col items-stretch gap-3 border-t border-slate-100 bg-slate-50/60 pt-4 sm:flex-row sm:items-center sm:justify-between">
        <Button asChild size="sm">
          <Link to="/agent/apply">
            <FileArchive aria-hidden="true" />
            Generate Application Bundle
          </Link>
        </Button>
        <AgentDocuments />
      </CardFooter>
    </Card>
  );
}

function CheckedLine({ report }: { report: ReadinessReport }) {
  const checkedAt = new Date(report.checked_at);
  return (
    <p className="text-xs text-slate-500">
      Version <span className="font-mono">{report.version}</span>
      <span aria-hidden="true"> · </span>
      Checked{' '}
      <time dateTime={report.checked_at}>
        {checkedAt.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' })}
      </time>
    </p>
  );
}

function PanelSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="space-y-2.5">
      <h3 className="text-sm font-semibold text-slate-900">{title}</h3>
      {children}
    </section>
  );
}

function PanelSkeleton() {
  return (
    <LoadingState label="Checking agent readiness..." className="space-y-6">
      <div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-16 rounded-xl" />
        ))}
      </div>
      <Skeleton className="h-24 rounded-xl" />
      <Skeleton className="h-32 rounded-xl" />
    </LoadingState>
  );
}

function CheckFailed({
  message,
  onRetry,
  retrying,
}: {
  message: string | undefined;
  onRetry: () => void;
  retrying: boolean;
}) {
  return (
    <Alert variant="error" title="We could not check your agent readiness">
      <p>{message}</p>
      <p className="mt-1">
        Try again in a moment. If it keeps failing,{' '}
        <Link to="/contact" className="font-medium underline">
          contact us
        </Link>
        .
      </p>
      <Button variant="outline" size="sm" className="mt-3" onClick={onRetry} disabled={retrying}>
        {retrying ? 'Checking...' : 'Try again'}
      </Button>
    </Alert>
  );
}

function NoMerchantYet() {
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-slate-300 px-6 py-10 text-center">
      <span className="inline-flex size-10 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
        <Store aria-hidden="true" className="size-5" />
      </span>
      <p className="font-medium text-slate-900">Nothing to check yet</p>
      <p className="max-w-sm text-sm text-slate-600">
        Set up your store and a payment method first; the readiness check starts as soon as you have.
      </p>
      <Button asChild size="sm">
        <Link to="/onboarding">Continue onboarding</Link>
      </Button>
    </div>
  );
}

import { Store } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { AgentApplicationFacts } from '#common/api/agent-application';
import { ROUTES } from '#common/routes';
import { Alert } from '#web/components/ui/alert';
import { LoadError } from '#web/components/ui/load-error';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '#web/components/ui/card';
import { LoadingState, Skeleton } from '#web/components/ui/skeleton';
import { useIntegrationName } from '#web/features/connections';
import { CardHeading } from './card-heading';
import type { ApplicationFactsState } from './use-application-facts-state';

/** The read-only facts of /agent/apply: what the application says about the merchant's store. */
export function ApplicationFactsCard({ state }: { state: ApplicationFactsState }) {
  return (
    <Card>
      <CardHeader className="border-b border-slate-100">
        <CardHeading>Your store</CardHeading>
        <CardDescription>
          Sent with your application as it is now. Change it in store setup and settings.
        </CardDescription>
      </CardHeader>
      <CardContent className="pt-6">
        <FactsBody state={state} />
      </CardContent>
    </Card>
  );
}

function FactsBody({ state }: { state: ApplicationFactsState }) {
  switch (state.kind) {
    case 'loading':
      return <FactsSkeleton />;
    case 'no-merchant':
      return (
        <Alert variant="warning" title="Your merchant account is not set up yet">
          <p>Onboarding creates it. Finish onboarding, then come back to apply.</p>
          <Button asChild size="sm" variant="outline" className="mt-3">
            <Link to={ROUTES.onboarding.path}>Go to onboarding</Link>
          </Button>
        </Alert>
      );
    case 'error':
      return (
        <LoadError
          title="Your store details could not be loaded"
          onRetry={state.retry}
          retrying={state.retrying}
        >
          <p>{state.message} Check your connection, then try again.</p>
        </LoadError>
      );
    case 'ready':
      return <Facts facts={state.facts} />;
  }
}

function Facts({ facts }: { facts: AgentApplicationFacts }) {
  const platformLabel = useIntegrationName();
  return (
    <dl className="grid gap-x-8 gap-y-5 sm:grid-cols-2">
      <Fact label="Merchant name">{facts.merchantName ?? <Missing>Not set</Missing>}</Fact>
      <Fact label="Contact">{facts.contactEmail}</Fact>
      <Fact label="Store URL">
        {facts.storeUrl ? (
          <span className="break-all">{facts.storeUrl}</span>
        ) : (
          <MissingWithLink text="Not configured" to={ROUTES.setupStore.path} action="Connect a store" />
        )}
      </Fact>
      <Fact label="Connected platforms">
        {facts.platformsConnected.length > 0 ? (
          <span className="flex flex-wrap gap-1.5">
            {facts.platformsConnected.map((id) => (
              <Badge key={id} variant="outline">
                <Store aria-hidden="true" className="size-3" />
                {platformLabel(id)}
              </Badge>
            ))}
          </span>
        ) : (
          <MissingWithLink text="None connected" to={ROUTES.setupStore.path} action="Connect a store" />
        )}
      </Fact>
      <Fact label="ACP base URL">
        <code className="break-all rounded bg-slate-100 px-1.5 py-0.5 font-mono text-[0.8125rem] text-slate-800">
          {facts.acpBaseUrl}
        </code>
      </Fact>
      <Fact label="Supported payments">
        <span className="flex flex-wrap gap-1.5">
          <Badge variant="brand">Card · Shared Payment Token</Badge>
          {facts.bitcoinEnabled && <Badge variant="warning">Bitcoin Lightning</Badge>}
        </span>
      </Fact>
    </dl>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0 space-y-1">
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="text-sm text-slate-900">{children}</dd>
    </div>
  );
}

function Missing({ children }: { children: ReactNode }) {
  return <span className="text-slate-500">{children}</span>;
}

function MissingWithLink({ text, to, action }: { text: string; to: string; action: string }) {
  return (
    <span className="flex flex-wrap items-baseline gap-x-2">
      <Missing>{text}</Missing>
      <Link to={to} className="text-sm font-medium text-brand-700 hover:underline">
        {action}
      </Link>
    </span>
  );
}

function FactsSkeleton() {
  return (
    <LoadingState label="Loading your store details..." className="grid gap-x-8 gap-y-5 sm:grid-cols-2">
      {[0, 1, 2, 3, 4, 5].map((i) => (
        <div key={i} className="space-y-2">
          <Skeleton className="h-3 w-24" />
          <Skeleton className="h-5 w-40" />
        </div>
      ))}
    </LoadingState>
  );
}

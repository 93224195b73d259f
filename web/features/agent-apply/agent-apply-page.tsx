import { ROUTES } from '#common/routes';
import { UpgradePrompt } from '#web/features/billing';
import { Card, CardContent, CardHeader } from '#web/components/ui/card';
import { useSeo } from '#web/lib/use-seo';
import { ApplicationFactsCard } from './application-facts-card';
import { ApplicationForm } from './application-form';
import { CardHeading } from './card-heading';
import { UatCollectionCard } from './uat-collection-card';
import { useApplicationFactsState } from './use-application-facts-state';

const NEXT_STEPS = [
  'Generate the application bundle with your product URLs and markets.',
  'Run the UAT testing collection against your store: every request should pass.',
  'Submit the bundle with your application to ChatGPT Instant Checkout for its checkout review.',
];

/** /agent/apply: everything ChatGPT Instant Checkout's review asks for, in one download. */
export default function AgentApplyPage() {
  useSeo({
    title: 'Apply to ChatGPT Instant Checkout',
    description:
      'Generate the application bundle and the UAT testing collection for ChatGPT Instant Checkout.',
    path: ROUTES.agentApply.path,
    noIndex: true,
  });
  const facts = useApplicationFactsState();

  return (
    <div className="space-y-8">
      <header className="max-w-2xl">
        <p className="text-sm font-semibold text-brand-700">Agent application</p>
        <h1 className="mt-1 text-3xl font-bold tracking-tight text-slate-900">
          Apply to ChatGPT Instant Checkout
        </h1>
        <p className="mt-2 text-slate-600">
          The review needs your store details, the markets you sell to, and proof that agents can buy from
          you. Generate the bundle, test with the UAT collection, then submit.
        </p>
      </header>

      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <div className="grid min-w-0 grid-cols-1 gap-6">
          <ApplicationFactsCard state={facts} />
          <UpgradePrompt feature="application_bundle" />
          <ApplicationForm canGenerate={facts.kind === 'ready'} />
        </div>
        <aside aria-label="Testing and next steps" className="grid min-w-0 grid-cols-1 gap-4">
          <UatCollectionCard />
          <Card>
            <CardHeader className="p-5 pb-3">
              <CardHeading>What happens next</CardHeading>
            </CardHeader>
            <CardContent className="px-5 pb-5">
              <ol className="space-y-3 text-sm text-slate-600">
                {NEXT_STEPS.map((step, index) => (
                  <li key={step} className="flex gap-3">
                    <span className="inline-flex size-6 shrink-0 items-center justify-center rounded-full bg-brand-50 text-xs font-semibold text-brand-700">
                      {index + 1}
                    </span>
                    <span>{step}</span>
                  </li>
                ))}
              </ol>
            </CardContent>
          </Card>
        </aside>
      </div>
    </div>
  );
}

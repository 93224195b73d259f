import { Check, Copy, FlaskConical, Send } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import {
  MERCHANT_WEBHOOK_MESSAGES,
  updateMerchantWebhookSettingsInput,
  WEBHOOK_EVENTS,
  WEBHOOK_EVENT_IDS,
  type MerchantWebhookSettingsOutput,
  type TestMerchantWebhookOutput,
} from '#common/api/merchant-webhooks';
import { CopyableId } from '#web/components/copyable-id';
import { Alert } from '#web/components/ui/alert';
import { Button } from '#web/components/ui/button';
import { Field } from '#web/components/ui/field';
import { Input } from '#web/components/ui/input';
import { LoadError } from '#web/components/ui/load-error';
import { UpgradePrompt } from '#web/features/billing';
import { Skeleton } from '#web/components/ui/skeleton';
import { useCopyToClipboard } from '#web/lib/use-copy-to-clipboard';
import { useZodForm } from '#web/lib/use-zod-form';
import {
  useRotateWebhookSecret,
  useSaveWebhookSettings,
  useSendTestWebhook,
  useWebhookSettings,
} from '../api/merchant-webhooks';
import { WebhookDeliveriesTable } from './webhook-deliveries-table';

/**
 * Settings › Webhooks: the merchant's endpoint and the events it wants, the whsec_ signing secret, a
 * real signed test event with the receiver's answer, and the delivery log.
 */
export function WebhooksTab() {
  const settings = useWebhookSettings();
  if (settings.isPending) {
    return (
      <div className="grid max-w-2xl gap-3" aria-busy="true">
        <span role="status" className="sr-only">
          Loading your webhook settings
        </span>
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-32 w-full" />
      </div>
    );
  }
  if (settings.isError) {
    return (
      <LoadError
        title="Your webhook settings could not be loaded"
        onRetry={() => settings.refetch()}
        retrying={settings.isFetching}
      >
        <p>{settings.error.message}</p>
      </LoadError>
    );
  }
  return (
    <div className="grid gap-8">
      <UpgradePrompt feature="merchant_webhooks" />
      <WebhookForm settings={settings.data} />
      {/* min-w-0: on a phone the log scrolls sideways inside its table instead of widening the page. */}
      <section aria-labelledby="webhook-deliveries-heading" className="grid min-w-0 gap-3">
        <div>
          <h3 id="webhook-deliveries-heading" className="font-semibold text-slate-900">
            Recent deliveries
          </h3>
          <p className="text-sm text-slate-600">
            Each event is retried with growing delays for about an hour until your endpoint answers 2xx.
          </p>
        </div>
        <WebhookDeliveriesTable />
      </section>
    </div>
  );
}

function WebhookForm({ settings }: { settings: MerchantWebhookSettingsOutput }) {
  const save = useSaveWebhookSettings();
  const test = useSendTestWebhook();
  const [issuedSecret, setIssuedSecret] = useState<string | null>(null);
  const [testAnswer, setTestAnswer] = useState<TestMerchantWebhookOutput | null>(null);
  const { register, handleSubmit, formState, getValues, setValue, setError, clearErrors, applyServerErrors } =
    useZodForm(updateMerchantWebhookSettingsInput, {
      defaultValues: { url: settings.url ?? '', events: settings.events },
    });
  const { errors } = formState;

  const submit = handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync(values);
      if (saved.secret) setIssuedSecret(saved.secret);
      toast.success('Webhook settings saved', {
        description: 'Events you selected are sent to your endpoint from now on.',
      });
    } catch (err) {
      applyServerErrors(err);
      toast.error('Error saving webhook settings', {
        description: err instanceof Error ? err.message : undefined,
      });
    }
  });

  const sendTest = async () => {
    const url = getValues('url').trim();
    setTestAnswer(null);
    if (!url) {
      setError('url', { type: 'manual', message: MERCHANT_WEBHOOK_MESSAGES.testUrlRequired });
      return;
    }
    clearErrors('url');
    try {
      setTestAnswer(await test.mutateAsync(url));
    } catch (err) {
      applyServerErrors(err);
      toast.error('The test event was not sent', {
        description: err instanceof Error ? err.message : undefined,
      });
    }
  };

  return (
    <form noValidate onSubmit={submit} className="grid max-w-2xl gap-5">
      <div className="grid gap-2">
        <Field
          label="Webhook URL"
          error={errors.url?.message}
          hint="We POST each event here as JSON, signed under the Standard Webhooks specification."
        >
          <Input type="url" placeholder="https://example.com/webhooks/agentcart" {...register('url')} />
        </Field>
        {settings.sandbox_receiver_url && (
          <Button
            type="button"
            variant="ghost"
            size="sm"
            className="justify-self-start"
            onClick={() =>
              setValue('url', settings.sandbox_receiver_url!, { shouldDirty: true, shouldValidate: false })
            }
          >
            <FlaskConical aria-hidden="true" />
            Fill sandbox receiver
          </Button>
        )}
      </div>

      <SigningSecret settings={settings} issued={issuedSecret} onIssued={setIssuedSecret} />

      <fieldset className="grid gap-2" aria-describedby={errors.events ? 'webhook-events-error' : undefined}>
        <legend className="mb-1 text-sm font-medium text-slate-800">Events</legend>
        {WEBHOOK_EVENT_IDS.map((id) => (
          <label
            key={id}
            className="flex items-start gap-3 rounded-lg border border-slate-200 px-3 py-2 hover:bg-slate-50"
          >
            <input
              type="checkbox"
              value={id}
              className="mt-0.5 size-4 accent-brand-600"
              {...register('events')}
            />
            <span className="grid">
              <code className="font-mono text-sm text-slate-900">{id}</code>
              <span className="text-xs text-slate-600">{WEBHOOK_EVENTS[id]}</span>
            </span>
          </label>
        ))}
        {errors.events && (
          <p id="webhook-events-error" role="alert" className="text-xs font-medium text-red-600">
            {errors.events.message ?? errors.events.root?.message}
          </p>
        )}
      </fieldset>

      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save'}
        </Button>
        <Button type="button" variant="outline" onClick={sendTest} disabled={test.isPending}>
          <Send aria-hidden="true" />
          {test.isPending ? 'Sending test...' : 'Test'}
        </Button>
      </div>
      {testAnswer && <TestAnswer answer={testAnswer} />}
    </form>
  );
}

/** The whsec_ secret: masked once saved, in full only right after it is created or rotated. */
function SigningSecret({
  settings,
  issued,
  onIssued,
}: {
  settings: MerchantWebhookSettingsOutput;
  issued: string | null;
  onIssued(secret: string): void;
}) {
  const rotate = useRotateWebhookSecret();
  const [confirming, setConfirming] = useState(false);
  const issue = async () => {
    setConfirming(false);
    try {
      onIssued((await rotate.mutateAsync()).secret);
    } catch (err) {
      toast.error('Error generating the signing secret', {
        description: err instanceof Error ? err.message : undefined,
      });
    }
  };
  return (
    <div className="grid gap-2 rounded-xl border border-slate-200 p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <p className="text-sm font-medium text-slate-800">Signing secret</p>
          <p className="text-sm text-slate-600">
            {settings.secret_hint ? (
              <code className="font-mono text-xs text-slate-800">{settings.secret_hint}</code>
            ) : (
              'Created when you first save, or generate it now.'
            )}
          </p>
        </div>
        {settings.secret_set && !confirming ? (
          <Button type="button" variant="outline" size="sm" onClick={() => setConfirming(true)}>
            Rotate secret
          </Button>
        ) : !settings.secret_set ? (
          <Button type="button" variant="outline" size="sm" onClick={issue} disabled={rotate.isPending}>
            {rotate.isPending ? 'Generating...' : 'Generate secret'}
          </Button>
        ) : null}
      </div>
      {confirming && (
        <Alert variant="warning" title="Your endpoint rejects events until it has the new secret">
          <div className="mt-2 flex flex-wrap gap-2">
            <Button type="button" variant="destructive" size="sm" onClick={issue} disabled={rotate.isPending}>
              {rotate.isPending ? 'Rotating...' : 'Rotate now'}
            </Button>
            <Button type="button" variant="ghost" size="sm" onClick={() => setConfirming(false)}>
              Keep the current secret
            </Button>
          </div>
        </Alert>
      )}
      {issued && <IssuedSecret secret={issued} />}
    </div>
  );
}

function IssuedSecret({ secret }: { secret: string }) {
  const { state, copy } = useCopyToClipboard();
  return (
    <Alert variant="success" title="Copy your signing secret now: it is not shown again">
      <div className="mt-2 flex gap-2">
        <Input
          readOnly
          value={secret}
          aria-label="Webhook signing secret"
          className="font-mono text-xs"
          onFocus={(e) => e.currentTarget.select()}
        />
        <Button type="button" variant="outline" onClick={() => copy(secret)}>
          {state === 'copied' ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
          {state === 'copied' ? 'Copied' : 'Copy'}
        </Button>
      </div>
      {state === 'failed' && (
        <p className="mt-1 text-xs">Copying is blocked here: select the secret and copy it by hand.</p>
      )}
    </Alert>
  );
}

const formatDuration = (ms: number) => (ms < 1_000 ? `${ms} ms` : `${(ms / 1_000).toFixed(1)} s`);

/**
 * How the test went, in words: delivered or not, the endpoint's status and how long it took, or why it
 * was not delivered. The event's id and the start of a plain-text answer (the server sends no more) are
 * behind a disclosure, for whoever is debugging the endpoint.
 */
function TestAnswer({ answer }: { answer: TestMerchantWebhookOutput }) {
  const duration = formatDuration(answer.duration_ms);
  return (
    <Alert
      variant={answer.delivered ? 'success' : 'error'}
      title={answer.delivered ? 'Test event delivered' : 'Test event not delivered'}
    >
      <p>
        {answer.delivered
          ? `Your endpoint answered HTTP ${answer.status} in ${duration}.`
          : `${answer.error ?? 'Your endpoint did not accept it.'} It took ${duration}. Check the URL and that your endpoint verifies with this secret.`}
      </p>
      <details className="mt-2 text-xs">
        <summary className="cursor-pointer font-medium">Details for your endpoint&apos;s logs</summary>
        <div className="mt-2 grid gap-2">
          <p className="flex flex-wrap items-center gap-2">
            Event id <CopyableId value={answer.webhook_id} label="event id" />
          </p>
          {answer.excerpt && (
            <figure className="grid gap-1">
              <figcaption>Your endpoint&apos;s answer began:</figcaption>
              <pre className="whitespace-pre-wrap break-all rounded-lg bg-white/70 p-2 font-mono text-slate-800">
                {answer.excerpt}
              </pre>
            </figure>
          )}
        </div>
      </details>
    </Alert>
  );
}

import { CircleCheck, PlugZap } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { toast } from 'sonner';
import type { ConnectionsOutput } from '#common/api/connections';
import { BITCOIN_EXPIRY_DEFAULT, bitcoinSettingsSchema } from '#common/validation/bitcoin-settings';
import { CONNECTION_MESSAGES } from '#common/validation/connections';
import { Alert } from '#web/components/ui/alert';
import { LoadError } from '#web/components/ui/load-error';
import { Button } from '#web/components/ui/button';
import { Field } from '#web/components/ui/field';
import { Input } from '#web/components/ui/input';
import { Skeleton } from '#web/components/ui/skeleton';
import { Spinner } from '#web/components/ui/spinner';
import { ApiRequestError } from '#web/lib/api-client';
import { cn } from '#web/lib/cn';
import { useZodForm } from '#web/lib/use-zod-form';
import { useAccount } from '#web/features/account';
import { useConnections } from '../api/list-connections';
import { FillSandboxCredentials } from '../fill-sandbox-credentials';
import { useSaveBitcoinSettings } from '../api/save-bitcoin-settings';
import { useTestBitcoinConnection } from '../api/test-bitcoin-connection';

type ProviderForm = ConnectionsOutput['paymentProviders'][number];

/** The Lightning providers a merchant can pick: the server's live ones (coming-soon ones are not offered). */
const isOffered = (p: ProviderForm) => p.method === 'lightning' && p.availability === 'live';

/** The server's message, else 'Unknown error' (the Bitcoin toasts' fallback). */
const reason = (err: unknown) =>
  err instanceof Error && err.message ? err.message : CONNECTION_MESSAGES.bitcoinUnknownError;

/**
 * Bitcoin Lightning settings (onboarding step 1 and settings › payments): the provider, its credentials,
 * the invoice expiry, a connection test, and save, which turns Bitcoin payments on with that provider
 * (onboarding) or keeps them as the settings switch has them.
 */
export function BitcoinSettingsForm({
  onSaved,
  saveLabel = 'Save Bitcoin Settings',
  enabledOnSave = true,
}: {
  onSaved?(): void;
  saveLabel?: string;
  /** Whether saving leaves Bitcoin payments on (onboarding) or as they are (settings, which has a switch). */
  enabledOnSave?: boolean;
}) {
  const connections = useConnections();
  const account = useAccount();
  if (connections.isPending || account.isPending) return <BitcoinFormSkeleton />;
  if (connections.isError || account.isError) {
    const retry = () => Promise.all([connections.refetch(), account.refetch()]);
    return (
      <LoadError title="The Bitcoin settings could not be loaded" onRetry={retry}>
        <p>{(connections.error ?? account.error)?.message}</p>
      </LoadError>
    );
  }
  const forms = connections.data.paymentProviders.filter(isOffered);
  const current = account.data.merchant?.payments.bitcoin;
  const saved = new Set(connections.data.payments.map((p) => p.provider));
  return (
    <ProviderSettings
      forms={forms}
      initialProvider={forms.find((f) => f.id === current?.provider)?.id ?? forms[0]?.id ?? ''}
      initialExpiry={current?.expiryMins ?? BITCOIN_EXPIRY_DEFAULT}
      savedProviders={saved}
      onSaved={onSaved}
      saveLabel={saveLabel}
      enabledOnSave={enabledOnSave}
    />
  );
}

function ProviderSettings({
  forms,
  initialProvider,
  initialExpiry,
  savedProviders,
  onSaved,
  saveLabel,
  enabledOnSave,
}: {
  forms: ProviderForm[];
  initialProvider: string;
  initialExpiry: number;
  savedProviders: Set<string>;
  onSaved?(): void;
  saveLabel: string;
  enabledOnSave: boolean;
}) {
  const [provider, setProvider] = useState<string>(initialProvider);
  const form = forms.find((f) => f.id === provider);
  const legendId = useId();
  return (
    <div className="grid gap-5">
      <fieldset className="grid gap-2" aria-labelledby={legendId}>
        <legend id={legendId} className="text-sm font-medium text-slate-800">
          Lightning provider
        </legend>
        <div className="grid gap-3 sm:grid-cols-2">
          {forms.map((f) => (
            <label
              key={f.id}
              className={cn(
                'flex cursor-pointer items-center gap-3 rounded-xl border px-4 py-3 text-sm transition-colors',
                f.id === provider
                  ? 'border-brand-500 bg-brand-50 ring-1 ring-brand-500'
                  : 'border-slate-200 hover:border-slate-300',
              )}
            >
              <input
                type="radio"
                name="bitcoin-provider"
                value={f.id}
                checked={f.id === provider}
                onChange={() => setProvider(f.id)}
                className="size-4 accent-brand-600"
              />
              <span className="font-semibold text-slate-900">{f.name}</span>
              {savedProviders.has(f.id) && <span className="ml-auto text-xs text-emerald-700">Saved</span>}
            </label>
          ))}
        </div>
      </fieldset>
      {form && (
        <CredentialsForm
          key={`${provider}:${savedProviders.has(provider)}`}
          provider={provider}
          form={form}
          hasSaved={savedProviders.has(provider)}
          initialExpiry={initialExpiry}
          onSaved={onSaved}
          saveLabel={saveLabel}
          enabledOnSave={enabledOnSave}
        />
      )}
    </div>
  );
}

function CredentialsForm({
  provider,
  form,
  hasSaved,
  initialExpiry,
  onSaved,
  saveLabel,
  enabledOnSave,
}: {
  provider: string;
  form: ProviderForm;
  hasSaved: boolean;
  initialExpiry: number;
  onSaved?(): void;
  saveLabel: string;
  enabledOnSave: boolean;
}) {
  const names = form.credentialFields.map((f) => f.name);
  // The form is keyed by provider and saved state, so its rules are fixed for its lifetime.
  const [schema] = useState(() => bitcoinSettingsSchema(form, hasSaved));
  const { register, handleSubmit, formState, watch, getValues, setValue } = useZodForm(schema, {
    defaultValues: { credentials: Object.fromEntries(names.map((n) => [n, ''])), expiryMins: initialExpiry },
  });
  const test = useTestBitcoinConnection();
  const save = useSaveBitcoinSettings();
  const [verified, setVerified] = useState(false);
  useEffect(() => {
    const subscription = watch((_values, { name }) => {
      if (name?.startsWith('credentials.')) setVerified(false);
    });
    return () => subscription.unsubscribe();
  }, [watch]);

  const credentialsGiven = () => Object.values(getValues('credentials')).some((v) => String(v).trim() !== '');

  const runTest = handleSubmit(async ({ credentials }) => {
    setVerified(false);
    try {
      await test.mutateAsync({ provider, credentials });
      setVerified(true);
    } catch (err) {
      toast.error(
        err instanceof ApiRequestError && err.status > 0
          ? `Connection failed: ${reason(err)}`
          : `Connection test failed: ${reason(err)}`,
      );
    }
  });

  const runSave = handleSubmit(async ({ credentials, expiryMins }) => {
    try {
      const { message } = await save.mutateAsync({
        enabled: enabledOnSave,
        provider,
        expiryMins,
        ...(credentialsGiven() ? { credentials } : {}),
      });
      toast.success(message);
      onSaved?.();
    } catch (err) {
      toast.error(`Failed to save settings: ${reason(err)}`);
    }
  });

  const errors = formState.errors;
  const credentialError = Object.values(errors.credentials ?? {}).find((e) => e?.message)?.message;
  return (
    <form noValidate aria-label={`${form.name} settings`} onSubmit={runSave} className="grid gap-4">
      {hasSaved && (
        <p className="flex items-start gap-2 rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-600">
          <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-emerald-600" />
          Credentials are saved for {form.name}. Leave the fields empty to keep them.
        </p>
      )}
      <FillSandboxCredentials
        provider={provider}
        fields={names}
        onFill={(values) => {
          for (const [name, value] of Object.entries(values))
            setValue(`credentials.${name}`, value, { shouldDirty: true });
        }}
      />
      {form.credentialFields.map((field) => (
        <Field
          key={field.name}
          label={field.label}
          hint={field.help}
          invalid={Boolean(errors.credentials?.[field.name])}
        >
          <Input
            type={field.secret ? 'password' : 'text'}
            placeholder={field.placeholder}
            autoComplete="off"
            spellCheck={false}
            autoCapitalize="none"
            {...register(`credentials.${field.name}`)}
          />
        </Field>
      ))}
      <Field
        label="Invoice expiry (minutes)"
        hint="Between 5 and 60 minutes."
        error={errors.expiryMins?.message}
      >
        <Input
          type="number"
          inputMode="numeric"
          min={5}
          max={60}
          step={1}
          className="max-w-40"
          {...register('expiryMins')}
        />
      </Field>

      <div aria-live="polite" className="empty:hidden">
        {credentialError ? (
          <Alert variant="error" title={credentialError}>
            {form.name} needs every field above to create invoices for you.
          </Alert>
        ) : verified ? (
          <Alert variant="success" title="Connection Verified">
            {form.name} accepted these credentials. Save to take Lightning payments with them.
          </Alert>
        ) : null}
      </div>

      <div className="flex flex-col gap-3 border-t border-slate-100 pt-4 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={runTest} disabled={test.isPending || save.isPending}>
          {test.isPending ? (
            <>
              <Spinner className="size-4" label="Testing the connection" />
              Testing...
            </>
          ) : (
            <>
              <PlugZap aria-hidden="true" />
              Test Connection
            </>
          )}
        </Button>
        <Button type="submit" disabled={save.isPending || test.isPending}>
          {save.isPending ? 'Saving...' : saveLabel}
        </Button>
      </div>
    </form>
  );
}

function BitcoinFormSkeleton() {
  return (
    <div className="grid gap-4" aria-busy="true">
      <span role="status" className="sr-only">
        Loading the Bitcoin settings
      </span>
      <div className="grid gap-3 sm:grid-cols-2">
        <Skeleton className="h-12" />
        <Skeleton className="h-12" />
      </div>
      <Skeleton className="h-10" />
      <Skeleton className="h-10 w-40" />
    </div>
  );
}

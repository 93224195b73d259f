import { CircleCheck, PlugZap } from 'lucide-react';
import { useEffect, useId, useMemo, useState } from 'react';
import type { ConnectionsOutput, StoreSaveOutput } from '#common/api/connections';
import { CONNECTION_MESSAGES } from '#common/validation/connections';
import { storeCredentialsSchema } from '#common/validation/store-credentials';
import { Alert } from '#web/components/ui/alert';
import { LoadError } from '#web/components/ui/load-error';
import { Button } from '#web/components/ui/button';
import { Field } from '#web/components/ui/field';
import { Input } from '#web/components/ui/input';
import { Skeleton } from '#web/components/ui/skeleton';
import { Spinner } from '#web/components/ui/spinner';
import { useZodForm } from '#web/lib/use-zod-form';
import { useConnections } from '../api/list-connections';
import { FillSandboxCredentials } from '../fill-sandbox-credentials';
import { useStoreSetup } from './use-store-setup';

type PlatformForm = ConnectionsOutput['platforms'][number];
type SavedStore = ConnectionsOutput['stores'][number];

interface StoreConnectionFormProps {
  platform: string;
  onSaved(saved: StoreSaveOutput): void;
  /** The save button's words; onboarding and /setup-store continue, settings just saves. */
  saveLabel?: string;
}

/**
 * One platform's store connection form: its fields as the server describes them,
 * secrets hidden, Test Connection, then Save once the test has passed. Used by /setup-store, onboarding
 * step 3 and settings.
 */
export function StoreConnectionForm({ platform, onSaved, saveLabel }: StoreConnectionFormProps) {
  const connections = useConnections();
  if (connections.isPending) return <StoreFormSkeleton />;
  if (connections.isError) {
    return (
      <LoadError title="The store settings could not be loaded" onRetry={() => connections.refetch()}>
        <p>{connections.error.message}</p>
      </LoadError>
    );
  }
  const form = connections.data.platforms.find((p) => p.id === platform);
  if (!form) {
    return (
      <Alert variant="warning" title="This platform is not offered on this server">
        Pick another platform, or ask us about it through the contact page.
      </Alert>
    );
  }
  return (
    <CredentialsForm
      key={platform}
      platform={platform}
      form={form}
      saved={connections.data.stores.find((s) => s.platform === platform)}
      sellingElsewhere={sellingElsewhere(connections.data, platform)}
      onSaved={onSaved}
      saveLabel={saveLabel ?? 'Save & Continue'}
    />
  );
}

/** The name of the store agents sell from when it is on another platform than `platform`, else null. */
function sellingElsewhere(data: ConnectionsOutput, platform: string): string | null {
  const selling = data.stores.find((s) => s.selling);
  if (!selling || selling.platform === platform) return null;
  return data.platforms.find((p) => p.id === selling.platform)?.name ?? selling.platform;
}

function CredentialsForm({
  platform,
  form: { name, availability, credentialFields },
  saved,
  sellingElsewhere,
  onSaved,
  saveLabel,
}: {
  platform: string;
  form: PlatformForm;
  saved: SavedStore | undefined;
  /** Another store agents sell from: saving this one asks whether it takes over (ADR 042). */
  sellingElsewhere: string | null;
  onSaved(saved: StoreSaveOutput): void;
  saveLabel: string;
}) {
  const [sellFromNew, setSellFromNew] = useState(false);
  const schema = useMemo(
    () =>
      storeCredentialsSchema(
        name,
        credentialFields.map((f) => f.name),
      ),
    [name, credentialFields],
  );
  const { register, handleSubmit, formState, watch, setValue, applyServerErrors } = useZodForm(schema, {
    defaultValues: Object.fromEntries(credentialFields.map((f) => [f.name, ''])),
  });
  const setup = useStoreSetup(platform, { onSaved, applyServerErrors });
  const { resetTest } = setup;
  useEffect(() => {
    const subscription = watch(() => resetTest());
    return () => subscription.unsubscribe();
  }, [watch, resetTest]);

  const missing = CONNECTION_MESSAGES.fillAllCredentials(name);
  const { errors } = formState;
  const anyMissing = credentialFields.some((f) => errors[f.name]?.message === missing);
  const comingSoon = availability === 'coming_soon';
  const verified = setup.status === 'verified';
  const saveHintId = useId();
  const saveHint = comingSoon
    ? CONNECTION_MESSAGES.comingSoon(name)
    : verified
      ? null
      : CONNECTION_MESSAGES.testFirst;

  return (
    <form
      noValidate
      aria-label={`${name} connection`}
      onSubmit={handleSubmit((credentials) => setup.test(credentials))}
      className="grid gap-5"
    >
      {saved && (
        <p className="flex items-start gap-2 rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-600">
          <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-emerald-600" />
          <span>
            Connected to <span className="font-medium text-slate-900">{savedLabel(saved)}</span> — saving new
            credentials replaces this connection.
          </span>
        </p>
      )}
      <FillSandboxCredentials
        provider={platform}
        fields={credentialFields.map((f) => f.name)}
        onFill={(values) => {
          for (const [name, value] of Object.entries(values)) setValue(name, value, { shouldDirty: true });
        }}
      />
      <div className="grid gap-4">
        {credentialFields.map((field) => {
          const message = errors[field.name]?.message;
          return (
            <Field
              key={field.name}
              label={field.label}
              hint={field.help}
              error={message && message !== missing ? message : undefined}
              invalid={message === missing}
            >
              <Input
                type={field.secret ? 'password' : 'text'}
                placeholder={field.placeholder}
                autoComplete="off"
                spellCheck={false}
                autoCapitalize="none"
                {...register(field.name)}
              />
            </Field>
          );
        })}
      </div>

      <div aria-live="polite" className="empty:hidden">
        {anyMissing ? (
          <Alert variant="error" title={missing}>
            Every field is needed to reach your store.
          </Alert>
        ) : setup.status === 'failed' && setup.failure ? (
          <Alert variant="error" title={setup.failure}>
            Check the credentials above and that your store is online, then test the connection again.
          </Alert>
        ) : verified ? (
          <Alert variant="success" title="Connection Verified">
            {setup.storeName ?? 'Your store'} answered —{' '}
            {comingSoon
              ? `you can save these credentials once ${name} support launches.`
              : 'save to start selling through AI agents.'}
          </Alert>
        ) : null}
      </div>

      {verified && sellingElsewhere && !comingSoon && (
        <SellingStoreChoice
          current={sellingElsewhere}
          next={name}
          sellFromNew={sellFromNew}
          onChange={setSellFromNew}
        />
      )}

      <div className="flex flex-col-reverse gap-3 border-t border-slate-100 pt-5 sm:flex-row sm:items-center sm:justify-between">
        {saveHint ? (
          <p id={saveHintId} className="text-sm text-slate-500">
            {saveHint}
          </p>
        ) : (
          <span />
        )}
        <div className="flex flex-col gap-3 sm:flex-row">
          <Button type="submit" variant="outline" disabled={setup.status === 'testing' || setup.saving}>
            {setup.status === 'testing' ? (
              <>
                <Spinner className="size-4" label="Testing the connection" />
                Testing...
              </>
            ) : verified ? (
              <>
                <CircleCheck aria-hidden="true" className="text-emerald-600" />
                Connection Verified
              </>
            ) : (
              <>
                <PlugZap aria-hidden="true" />
                Test Connection
              </>
            )}
          </Button>
          <Button
            disabled={!verified || comingSoon || setup.saving}
            aria-describedby={saveHint ? saveHintId : undefined}
            onClick={() => setup.save(sellingElsewhere ? { selling: sellFromNew } : {})}
          >
            {setup.saving ? 'Saving...' : saveLabel}
          </Button>
        </div>
      </div>
    </form>
  );
}

/** "Which store should agents sell from?": keeping the current selling store is the default. */
function SellingStoreChoice({
  current,
  next,
  sellFromNew,
  onChange,
}: {
  current: string;
  next: string;
  sellFromNew: boolean;
  onChange(sellFromNew: boolean): void;
}) {
  const options = [
    { value: false, label: `Keep selling from ${current}`, hint: `${next} is saved as another store.` },
    {
      value: true,
      label: `Sell from ${next}`,
      hint: `Agents' offers and orders move to ${next} as soon as you save.`,
    },
  ];
  return (
    <fieldset className="grid gap-2 rounded-xl border border-slate-200 p-4">
      <legend className="px-1 text-sm font-semibold text-slate-900">
        {CONNECTION_MESSAGES.sellingStoreQuestion}
      </legend>
      {options.map((option) => (
        <label key={String(option.value)} className="flex cursor-pointer items-start gap-3 text-sm">
          <input
            type="radio"
            name="selling-store"
            className="mt-1 accent-brand-600"
            checked={sellFromNew === option.value}
            onChange={() => onChange(option.value)}
          />
          <span>
            <span className="font-medium text-slate-900">{option.label}</span>
            <span className="block text-slate-600">{option.hint}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}

function savedLabel(saved: SavedStore): string {
  const { host, storeName, storeUrl } = saved.display;
  return storeName ?? host ?? storeUrl ?? 'your store';
}

function StoreFormSkeleton() {
  return (
    <div className="grid gap-5" aria-busy="true">
      <span role="status" className="sr-only">
        Loading the store settings
      </span>
      {[0, 1, 2].map((i) => (
        <div key={i} className="grid gap-2">
          <Skeleton className="h-4 w-32" />
          <Skeleton className="h-10 w-full" />
        </div>
      ))}
      <div className="flex justify-end gap-3 pt-2">
        <Skeleton className="h-10 w-40" />
        <Skeleton className="h-10 w-36" />
      </div>
    </div>
  );
}

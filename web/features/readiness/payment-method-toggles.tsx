import { LoaderCircle } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import type { MerchantPayments, PaymentMethodsInput } from '#common/api/merchant';
import { LoadError } from '#web/components/ui/load-error';
import { Button } from '#web/components/ui/button';
import { Label } from '#web/components/ui/field';
import { Switch } from '#web/components/ui/switch';
import { useUpdatePaymentMethods } from '#web/features/account';
import { useIntegrationName, useLightningProviderNames } from '#web/features/connections';
import { toastUpdateFailed } from './readiness-toasts';

const CARD_DESCRIPTIONS: Record<MerchantPayments['card'], string> = {
  off: 'Off: agents cannot pay by card.',
  pending_setup: 'On, waiting for a Stripe account: connect one to take card payments.',
  connected: 'On: agents pay with Shared Payment Tokens.',
};

function bitcoinDescription(
  { enabled, provider, expiryMins }: MerchantPayments['bitcoin'],
  providerName: (id: string) => string,
  choices: string,
) {
  if (!enabled) return 'Off: agents cannot pay with Lightning.';
  if (!provider) return `On, waiting for a provider: choose ${choices}.`;
  const expiry = expiryMins ? `, invoices expire after ${expiryMins} min` : '';
  return `On through ${providerName(provider)}${expiry}.`;
}

/**
 * The readiness toggles: card payments and Bitcoin Lightning on or off, each with its settings
 * link. Both switches wait while one change saves; the merchant and readiness are then fetched again.
 */
export function PaymentMethodToggles({ payments }: { payments: MerchantPayments }) {
  const update = useUpdatePaymentMethods();
  const providerName = useIntegrationName();
  const choices = useLightningProviderNames();
  const saving = update.isPending ? update.variables : undefined;
  const change = (input: PaymentMethodsInput) => update.mutate(input, { onError: toastUpdateFailed });

  return (
    <ul aria-label="Payment methods" className="divide-y divide-slate-100 rounded-xl border border-slate-200">
      <ToggleRow
        label="Card payments"
        detail={CARD_DESCRIPTIONS[payments.card]}
        checked={saving?.card ?? payments.card !== 'off'}
        saving={saving?.card !== undefined}
        disabled={update.isPending}
        onChange={(card) => change({ card })}
        settings={{ to: '/settings?tab=stripe', label: 'Stripe settings' }}
      />
      <ToggleRow
        label="Bitcoin Lightning"
        detail={bitcoinDescription(payments.bitcoin, providerName, choices)}
        checked={saving?.bitcoin ?? payments.bitcoin.enabled}
        saving={saving?.bitcoin !== undefined}
        disabled={update.isPending}
        onChange={(bitcoin) => change({ bitcoin })}
        settings={{ to: '/settings?tab=bitcoin', label: 'Bitcoin settings' }}
      />
    </ul>
  );
}

interface ToggleRowProps {
  label: string;
  detail: string;
  checked: boolean;
  saving: boolean;
  disabled: boolean;
  onChange: (on: boolean) => void;
  settings: { to: string; label: string };
}

function ToggleRow({ label, detail, checked, saving, disabled, onChange, settings }: ToggleRowProps) {
  const id = useId();
  return (
    // On a phone the settings link goes under the description, where it does not squeeze it.
    <li className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1 px-4 py-3.5 sm:grid-cols-[auto_minmax(0,1fr)_auto]">
      {/* While a change saves, the switch already shows where it is going. */}
      <Switch
        id={id}
        checked={checked}
        disabled={disabled}
        onCheckedChange={onChange}
        aria-describedby={`${id}-detail`}
        className="mt-0.5"
      />
      <div>
        <div className="flex flex-wrap items-center gap-x-2">
          <Label htmlFor={id}>{label}</Label>
          {saving && (
            <span role="status" className="inline-flex items-center gap-1 text-xs text-slate-600">
              <LoaderCircle aria-hidden="true" className="size-3.5 animate-spin" />
              Saving...
            </span>
          )}
        </div>
        <p id={`${id}-detail`} className="mt-0.5 text-sm text-slate-600">
          {detail}
        </p>
      </div>
      <Button
        asChild
        variant="link"
        size="sm"
        className="col-start-2 h-auto justify-self-start px-0 sm:col-start-3 sm:self-start"
      >
        <Link to={settings.to}>{settings.label}</Link>
      </Button>
    </li>
  );
}

/** The toggles' place while the merchant cannot be loaded: what happened and a way to try again. */
export function PaymentMethodsUnavailable({ onRetry }: { onRetry: () => void }) {
  return (
    <LoadError title="Error loading merchant data" onRetry={onRetry}>
      <p>Your payment methods could not be loaded, so they cannot be switched right now.</p>
    </LoadError>
  );
}

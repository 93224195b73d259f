import { useState, type ReactNode } from 'react';
import { KeyRound, ShieldCheck, Smartphone } from 'lucide-react';
import type { TwoFactorStatusOutput } from '#common/api/auth';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { LoadError } from '#web/components/ui/load-error';
import { Skeleton } from '#web/components/ui/skeleton';
import { Switch } from '#web/components/ui/switch';
import { PhoneFactorItem } from './phone-factor';
import { useTwoFactorStatus } from './two-factor-api';
import { NewRecoveryCodesDialog, TurnOffDialog } from './two-factor-dialogs';
import { RecoveryCodes } from './two-factor-recovery-codes';
import { TwoFactorSetup } from './two-factor-setup';

/** Recovery codes to show once: just after enrolment, or after new ones were generated. */
type ShownCodes = { codes: string[]; title: string };

/** Whether a code can be texted to confirm a change: SMS is available and the number is verified. */
const canText = (status: TwoFactorStatusOutput) =>
  status.phoneAvailable && status.factors.some((f) => f.factorType === 'phone' && f.status === 'verified');

/**
 * Settings › Security: two-factor sign-in. A toggle (Enabled or Disabled) that starts enrolment or asks
 * to confirm turning it off; when it is on, the factors and what is left of the recovery codes.
 */
export function TwoFactorCard() {
  const status = useTwoFactorStatus();
  const [settingUp, setSettingUp] = useState(false);
  const [turningOff, setTurningOff] = useState(false);
  const [shown, setShown] = useState<ShownCodes | null>(null);
  const enabled = status.data?.enabled === true;
  const textable = status.data ? canText(status.data) : false;

  const toggle = (on: boolean) => {
    if (on) setSettingUp(true);
    else setTurningOff(true);
  };

  let body: ReactNode;
  if (status.isPending) {
    body = (
      <div className="grid gap-2" aria-busy="true">
        <span role="status" className="sr-only">
          Loading two-factor sign-in
        </span>
        <Skeleton className="h-5 w-64" />
        <Skeleton className="h-5 w-48" />
      </div>
    );
  } else if (status.isError) {
    body = (
      <LoadError
        title="Two-factor sign-in could not be loaded"
        onRetry={() => status.refetch()}
        retrying={status.isFetching}
      >
        <p>{status.error.message}</p>
      </LoadError>
    );
  } else if (shown) {
    body = <RecoveryCodes codes={shown.codes} title={shown.title} onDone={() => setShown(null)} />;
  } else if (settingUp && !enabled) {
    body = (
      <TwoFactorSetup
        onCancel={() => setSettingUp(false)}
        onEnabled={(codes) => {
          setSettingUp(false);
          setShown({ codes, title: 'Two-factor sign-in is on' });
        }}
      />
    );
  } else if (enabled) {
    body = (
      <Factors
        status={status.data}
        onNewCodes={(codes) => setShown({ codes, title: 'New recovery codes' })}
      />
    );
  } else {
    body = (
      <div className="grid justify-items-start gap-3 text-sm text-slate-600">
        <p>
          With two-factor sign-in, signing in also asks for a code from an authenticator app on your phone, so
          a stolen password alone cannot open your account.
        </p>
        <Button onClick={() => setSettingUp(true)}>
          <Smartphone aria-hidden="true" />
          Set up authenticator app
        </Button>
      </div>
    );
  }

  return (
    <section
      aria-labelledby="two-factor-heading"
      className="grid gap-4 rounded-xl border border-slate-200 p-4"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex items-start gap-3">
          <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
            <ShieldCheck aria-hidden="true" className="size-4" />
          </span>
          <div>
            <h3 id="two-factor-heading" className="font-semibold text-slate-900">
              Two-factor authentication
            </h3>
            <p className="text-sm text-slate-600">
              A code from your phone at every sign-in, on top of your password.
            </p>
          </div>
        </div>
        {status.isSuccess && (
          <div className="flex shrink-0 items-center gap-2">
            <Badge variant={enabled ? 'success' : settingUp ? 'warning' : 'neutral'}>
              {enabled ? 'Enabled' : settingUp ? 'Setting up' : 'Disabled'}
            </Badge>
            {/* While setting up, or while the new codes are on screen, the card's own buttons lead on:
                a greyed-out switch there would say neither on nor off. */}
            {!settingUp && !shown && (
              <Switch aria-label="Two-factor authentication" checked={enabled} onCheckedChange={toggle} />
            )}
          </div>
        )}
      </div>
      {body}
      <TurnOffDialog open={turningOff} onOpenChange={setTurningOff} textable={textable} />
    </section>
  );
}

function Factors({
  status,
  onNewCodes,
}: {
  status: TwoFactorStatusOutput;
  onNewCodes(codes: string[]): void;
}) {
  const [regenerating, setRegenerating] = useState(false);
  const remaining = status.recoveryCodesRemaining ?? 0;
  const phone = status.factors.find((f) => f.factorType === 'phone');
  return (
    <>
      <ul className="divide-y divide-slate-100 text-sm">
        <li className="flex items-center gap-3 py-3 first:pt-0">
          <Smartphone aria-hidden="true" className="size-5 text-slate-500" />
          <div className="min-w-0 flex-1">
            <p className="font-medium text-slate-900">Authenticator app</p>
            <p className="text-slate-600">Codes from the app you scanned the QR code with.</p>
          </div>
          <Badge variant="success">Verified</Badge>
        </li>
        {status.phoneAvailable && <PhoneFactorItem factor={phone} textable={canText(status)} />}
        <li className="flex flex-wrap items-center gap-3 py-3 last:pb-0">
          <KeyRound aria-hidden="true" className="size-5 text-slate-500" />
          <div className="min-w-0 flex-1">
            <p className="font-medium text-slate-900">Recovery codes</p>
            <p className={remaining <= 2 ? 'font-medium text-amber-800' : 'text-slate-600'}>
              {remaining} of 10 left{remaining <= 2 ? ': generate new ones before you run out.' : '.'}
            </p>
          </div>
          <Button variant="outline" size="sm" onClick={() => setRegenerating(true)}>
            New recovery codes
          </Button>
        </li>
      </ul>
      <NewRecoveryCodesDialog
        open={regenerating}
        onOpenChange={setRegenerating}
        onCodes={onNewCodes}
        textable={canText(status)}
      />
    </>
  );
}

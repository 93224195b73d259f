import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Globe, Lock, Trash2 } from 'lucide-react';
import { toast } from 'sonner';
import type { SecuritySettingsView } from '#common/api/account-security';
import { ROUTES } from '#common/routes';
import { canonicalIpv4, ipAllowlistEntryError } from '#common/validation/security-settings';
import { Alert } from '#web/components/ui/alert';
import { TryPlanInSandbox } from '#web/features/billing';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import { Field, Label } from '#web/components/ui/field';
import { Input } from '#web/components/ui/input';
import { Switch } from '#web/components/ui/switch';
import { SecurityCard } from './security-card';
import { useUpdateSecuritySettings } from './security-api';

type Allowlist = SecuritySettingsView['ipAllowlist'];

/**
 * IP allowlist (Enterprise only): when it holds addresses, sign-in and dashboard use from anywhere else
 * are refused, and optionally the agent API key too. Other plans see it locked, with where to upgrade;
 * a list kept from an earlier Enterprise plan can still be emptied.
 */
export function IpAllowlistCard({ allowlist }: { allowlist: Allowlist }) {
  const locked = !allowlist.available;
  return (
    <SecurityCard
      icon={Globe}
      title="IP allowlist"
      description="Only these addresses may sign in and use this account."
      aside={<Badge variant={locked ? 'neutral' : 'brand'}>Enterprise only</Badge>}
    >
      {locked && allowlist.entries.length === 0 ? (
        <LockedNotice />
      ) : (
        <AllowlistEditor allowlist={allowlist} />
      )}
    </SecurityCard>
  );
}

function LockedNotice() {
  return (
    <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg bg-slate-50 px-4 py-3 text-sm text-slate-700">
      <p className="flex items-center gap-2">
        <Lock aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
        Restricting sign-in to your offices&apos; addresses is part of the Enterprise plan.
      </p>
      <div className="flex flex-wrap gap-2">
        <TryPlanInSandbox plan="enterprise" />
        <Button asChild variant="outline" size="sm">
          <Link to={ROUTES.enterpriseCalculator.path}>Estimate Enterprise</Link>
        </Button>
        <Button asChild size="sm">
          <Link to={ROUTES.pricing.path}>Upgrade</Link>
        </Button>
      </div>
    </div>
  );
}

function AllowlistEditor({ allowlist }: { allowlist: Allowlist }) {
  const save = useUpdateSecuritySettings();
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { entries, yourAddress, available } = allowlist;
  const yoursListed = entries.includes(yourAddress);

  const saveList = async (next: string[], done: string) => {
    try {
      await save.mutateAsync({ ipAllowlist: next });
      toast.success(done);
      return true;
    } catch (err) {
      const message = err instanceof Error ? err.message : 'The allowlist could not be saved.';
      setError(message);
      toast.error('Error', { description: message });
      return false;
    }
  };

  const add = async (value: string) => {
    const problem = ipAllowlistEntryError(value, entries);
    setError(problem);
    if (problem) return;
    const address = canonicalIpv4(value)!;
    // The first address must be the saver's own, or the server refuses the list (lock-out safety). An
    // IPv6 saver cannot be listed, so the server's refusal says why.
    const addYours = entries.length === 0 && address !== yourAddress && canonicalIpv4(yourAddress) !== null;
    const next = addYours ? [yourAddress, address] : [...entries, address];
    if (await saveList(next, `${address} added to the allowlist`)) setDraft('');
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void add(draft);
  };

  return (
    <div className="grid gap-4">
      {!available && (
        <Alert variant="warning" title="Your plan no longer includes the IP allowlist">
          These addresses still apply. You can remove them; adding new ones needs the Enterprise plan.
        </Alert>
      )}
      {available && (
        <form onSubmit={submit} noValidate className="grid gap-2">
          <div className="flex flex-wrap items-start gap-2">
            <Field label="IP address" error={error ?? undefined} className="min-w-48 flex-1">
              <Input
                value={draft}
                onChange={(e) => setDraft(e.target.value)}
                placeholder="203.0.113.10"
                inputMode="decimal"
                autoComplete="off"
              />
            </Field>
            <Button type="submit" className="mt-6" disabled={save.isPending}>
              {save.isPending ? 'Saving...' : 'Add address'}
            </Button>
          </div>
          {!canonicalIpv4(yourAddress) ? (
            <p className="text-xs text-slate-500">
              You are connecting over IPv6 (<code className="font-mono">{yourAddress}</code>). Entries are
              IPv4 addresses: connect over IPv4 to add yours first, or you would lock yourself out.
            </p>
          ) : (
            !yoursListed && (
              <p className="text-xs text-slate-500">
                You are connecting from <code className="font-mono">{yourAddress}</code>.{' '}
                <button
                  type="button"
                  className="font-medium text-brand-700 underline underline-offset-2"
                  onClick={() => void add(yourAddress)}
                  disabled={save.isPending}
                >
                  Add my address
                </button>
                {entries.length === 0 &&
                  ' (your first address is always yours, so you cannot lock yourself out).'}
              </p>
            )
          )}
        </form>
      )}
      {entries.length === 0 ? (
        <p className="rounded-lg bg-slate-50 px-4 py-3 text-sm text-slate-600">
          No addresses yet: every address may sign in.
        </p>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 text-sm">
          {entries.map((entry) => {
            // Removing the saver's own address would lock them out while others remain listed.
            const wouldLockOut = entry === yourAddress && entries.length > 1;
            return (
              <li key={entry} className="flex items-center justify-between gap-3 px-3 py-2">
                <span className="font-mono text-slate-900">
                  {entry}
                  {entry === yourAddress && (
                    <span className="ml-2 font-sans text-xs text-slate-500">(you)</span>
                  )}
                </span>
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={`Remove ${entry}`}
                  title={
                    wouldLockOut ? 'Remove the other addresses first: you would be locked out' : undefined
                  }
                  disabled={save.isPending || wouldLockOut}
                  onClick={() =>
                    void saveList(
                      entries.filter((e) => e !== entry),
                      `${entry} removed from the allowlist`,
                    )
                  }
                >
                  <Trash2 aria-hidden="true" />
                  Remove
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      <ApiKeySwitch allowlist={allowlist} />
    </div>
  );
}

function ApiKeySwitch({ allowlist }: { allowlist: Allowlist }) {
  const save = useUpdateSecuritySettings();
  const toggle = async (on: boolean) => {
    try {
      await save.mutateAsync({ ipAllowlistAppliesToApiKey: on });
      toast.success(
        on ? 'The agent API key now follows the allowlist' : 'The agent API key works from any address',
      );
    } catch (err) {
      toast.error('Error', { description: err instanceof Error ? err.message : undefined });
    }
  };
  return (
    <div className="flex items-start justify-between gap-4 rounded-lg bg-slate-50 px-4 py-3">
      <div className="text-sm">
        <Label htmlFor="allowlist-api-key">Apply to the agent API key</Label>
        <p className="text-slate-600">
          Agent API and ACP calls from other addresses are refused (403). Only switch this on if your agents
          call from fixed addresses.
        </p>
      </div>
      <Switch
        id="allowlist-api-key"
        checked={allowlist.appliesToApiKey}
        onCheckedChange={(on) => void toggle(on)}
        disabled={save.isPending || (!allowlist.available && !allowlist.appliesToApiKey)}
      />
    </div>
  );
}

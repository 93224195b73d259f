import { useId, useState } from 'react';
import { ALL_MERCHANTS } from '#common/api/security';
import { Label } from '#web/components/ui/field';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '#web/components/ui/select';
import { useAccount } from '#web/features/account';
import { useMonitoredMerchants, type MonitoredMerchant } from './api/security';
import { SecurityMetricsCard } from './security-metrics-card';
import { ThreatDetectionCard } from './threat-detection-card';

const OWN = 'own';

/**
 * The dashboard's security monitoring: metrics and threat detection for the merchant. An admin also
 * gets a picker to look at any merchant's, or every merchant's at once.
 */
export function SecurityMonitoringSection() {
  const headingId = useId();
  const account = useAccount();
  const admin = account.data?.roles.includes('admin') ?? false;
  const [picked, setPicked] = useState(OWN);
  const merchant: MonitoredMerchant = picked === OWN ? undefined : picked;

  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 id={headingId} className="text-xl font-semibold tracking-tight text-slate-900">
            Security monitoring
          </h2>
          <p className="text-sm text-slate-600">
            Who reads your buyers' data, and anything that looks wrong.
          </p>
        </div>
        {admin && <MerchantPicker value={picked} onChange={setPicked} />}
      </div>
      {/* min-w-0: a grid item would otherwise grow to fit the access log's table on a phone. */}
      <div className="grid items-start gap-6 lg:grid-cols-3 [&>*]:min-w-0">
        <SecurityMetricsCard merchant={merchant} />
        <div className="lg:col-span-2">
          <ThreatDetectionCard merchant={merchant} />
        </div>
      </div>
    </section>
  );
}

function MerchantPicker({ value, onChange }: { value: string; onChange: (value: string) => void }) {
  const id = useId();
  const merchants = useMonitoredMerchants({ enabled: true });
  return (
    <div className="grid gap-1.5 sm:w-72">
      <Label htmlFor={id}>Merchant (admin)</Label>
      <Select value={value} onValueChange={onChange}>
        <SelectTrigger id={id}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={OWN}>Your store</SelectItem>
          <SelectItem value={ALL_MERCHANTS}>All merchants</SelectItem>
          {merchants.data?.merchants.map((m) => (
            <SelectItem key={m.id} value={m.id}>
              {m.name} ({m.id.slice(0, 8)})
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      {merchants.isError && (
        <p className="text-xs text-red-700">Could not load the merchant list: {merchants.error.message}</p>
      )}
    </div>
  );
}

import { useId } from 'react';
import { Clock } from 'lucide-react';
import { toast } from 'sonner';
import type { SecuritySettingsView } from '#common/api/account-security';
import { SESSION_TIMEOUT_MINUTES } from '#common/validation/security-settings';
import { Label } from '#web/components/ui/field';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '#web/components/ui/select';
import { SecurityCard } from './security-card';
import { useUpdateSecuritySettings } from './security-api';

/** The idle timeouts offered, within the 5-60 minute range the server enforces. */
const TIMEOUT_CHOICES = [5, 10, 15, 30, 45, 60].filter(
  (m) => m >= SESSION_TIMEOUT_MINUTES.min && m <= SESSION_TIMEOUT_MINUTES.max,
);

/** Session idle timeout (saved at once) and the fixed session policy: 24 hours at most. */
export function SessionPolicyCard({ settings }: { settings: SecuritySettingsView }) {
  const save = useUpdateSecuritySettings();
  const timeoutId = useId();
  const change = async (value: string) => {
    try {
      await save.mutateAsync({ sessionTimeoutMinutes: Number(value) });
      toast.success('Session idle timeout saved', {
        description: `Sessions now end after ${value} minutes without activity.`,
      });
    } catch (err) {
      toast.error('Error', { description: err instanceof Error ? err.message : undefined });
    }
  };
  return (
    <SecurityCard
      icon={Clock}
      title="Sessions"
      description="When a signed-in browser is signed out again, enforced by our servers."
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid gap-1.5">
          <Label htmlFor={timeoutId}>Session idle timeout</Label>
          <Select
            value={String(settings.sessionTimeoutMinutes)}
            onValueChange={change}
            disabled={save.isPending}
          >
            <SelectTrigger
              id={timeoutId}
              aria-describedby={`${timeoutId}-hint`}
              aria-busy={save.isPending || undefined}
            >
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {TIMEOUT_CHOICES.map((minutes) => (
                <SelectItem key={minutes} value={String(minutes)}>
                  {minutes} minutes{minutes === SESSION_TIMEOUT_MINUTES.default ? ' (default)' : ''}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <p id={`${timeoutId}-hint`} className="text-xs text-slate-500">
            A browser left without activity this long is signed out at its next request.
          </p>
        </div>
        <div className="grid gap-1.5 text-sm">
          <p className="font-medium text-slate-800">Session policy</p>
          <p className="text-slate-600">
            Maximum session: <strong className="text-slate-900">{settings.maxSessionHours} hours</strong>.
            After that, everyone signs in again, however active they were.
          </p>
        </div>
      </div>
    </SecurityCard>
  );
}

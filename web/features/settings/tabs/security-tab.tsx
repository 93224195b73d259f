import { LoadError } from '#web/components/ui/load-error';
import { Skeleton } from '#web/components/ui/skeleton';
import { ActiveSessionsCard } from '../security/active-sessions-card';
import { IpAllowlistCard } from '../security/ip-allowlist-card';
import { RbacCard } from '../security/rbac-card';
import { useSecuritySettings } from '../security/security-api';
import { SessionPolicyCard } from '../security/session-policy-card';
import { TwoFactorCard } from '../security/two-factor-card';

/**
 * Settings › Security: how the account is protected: sessions (idle timeout, 24-hour maximum), the
 * admin's access card, two-factor sign-in, the IP allowlist and the browsers signed in now.
 */
export function SecurityTab() {
  const settings = useSecuritySettings();
  return (
    <div className="grid gap-6">
      {settings.isPending ? (
        <div className="grid gap-3" aria-busy="true">
          <span role="status" className="sr-only">
            Loading your security settings
          </span>
          <Skeleton className="h-32 w-full rounded-xl" />
        </div>
      ) : settings.isError ? (
        <LoadError
          title="Your security settings could not be loaded"
          onRetry={() => settings.refetch()}
          retrying={settings.isFetching}
        >
          <p>{settings.error.message}</p>
        </LoadError>
      ) : (
        <>
          <SessionPolicyCard settings={settings.data} />
          {settings.data.isAdmin && <RbacCard />}
        </>
      )}
      <TwoFactorCard />
      {settings.isSuccess && <IpAllowlistCard allowlist={settings.data.ipAllowlist} />}
      <ActiveSessionsCard />
    </div>
  );
}

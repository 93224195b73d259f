import { useState } from 'react';
import { LogOut, MonitorSmartphone } from 'lucide-react';
import { toast } from 'sonner';
import type { ActiveSession } from '#common/api/account-security';
import { Badge } from '#web/components/ui/badge';
import { Button } from '#web/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '#web/components/ui/dialog';
import { LoadError } from '#web/components/ui/load-error';
import { Skeleton } from '#web/components/ui/skeleton';
import { SecurityCard } from './security-card';
import { useActiveSessions, useRevokeOtherSessions, useRevokeSession } from './security-api';

const formatTime = (iso: string) =>
  new Date(iso).toLocaleString([], { dateStyle: 'medium', timeStyle: 'short' });

/**
 * Every browser signed in to this account: which browser, from where, when it was last active. One can
 * be signed out, or all but this one; they are signed out at their next request.
 */
export function ActiveSessionsCard() {
  const sessions = useActiveSessions();
  const revokeOthers = useRevokeOtherSessions();
  const [confirming, setConfirming] = useState(false);
  const others = sessions.data?.sessions.filter((s) => !s.current).length ?? 0;

  const revokeAll = async () => {
    try {
      const { revoked } = await revokeOthers.mutateAsync();
      toast.success('Other sessions revoked', {
        description: `${revoked} other ${revoked === 1 ? 'session was' : 'sessions were'} signed out.`,
      });
      setConfirming(false);
    } catch (err) {
      toast.error('Error', { description: err instanceof Error ? err.message : undefined });
    }
  };

  return (
    <SecurityCard
      icon={MonitorSmartphone}
      title="Active sessions"
      description="Browsers signed in to your account. Sign out any you do not recognise."
      aside={
        <Button
          variant="outline"
          onClick={() => setConfirming(true)}
          disabled={!sessions.isSuccess || others === 0}
        >
          <LogOut aria-hidden="true" />
          Revoke All Other Sessions
        </Button>
      }
    >
      {sessions.isPending ? (
        <div className="grid gap-2" aria-busy="true">
          <span role="status" className="sr-only">
            Loading your sessions
          </span>
          <Skeleton className="h-12 w-full" />
          <Skeleton className="h-12 w-full" />
        </div>
      ) : sessions.isError ? (
        <LoadError
          title="Your sessions could not be loaded"
          onRetry={() => sessions.refetch()}
          retrying={sessions.isFetching}
        >
          <p>{sessions.error.message}</p>
        </LoadError>
      ) : (
        <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200">
          {sessions.data.sessions.map((session) => (
            <SessionRow key={session.id} session={session} />
          ))}
        </ul>
      )}
      <Dialog open={confirming} onOpenChange={setConfirming}>
        <DialogContent>
          <DialogTitle>Sign out every other session?</DialogTitle>
          <DialogDescription>
            {others} other {others === 1 ? 'browser is' : 'browsers are'} signed out at their next request.
            This browser stays signed in.
          </DialogDescription>
          <div className="mt-4 flex justify-end gap-2">
            <DialogClose asChild>
              <Button variant="ghost">Cancel</Button>
            </DialogClose>
            <Button variant="destructive" onClick={() => void revokeAll()} disabled={revokeOthers.isPending}>
              {revokeOthers.isPending ? 'Revoking...' : 'Revoke All Other Sessions'}
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </SecurityCard>
  );
}

function SessionRow({ session }: { session: ActiveSession }) {
  const revoke = useRevokeSession();
  const name = session.browser ?? 'Unknown browser';
  const signOut = async () => {
    try {
      await revoke.mutateAsync(session.id);
      toast.success('Session revoked', { description: `${name} is signed out at its next request.` });
    } catch (err) {
      toast.error('Error', { description: err instanceof Error ? err.message : undefined });
    }
  };
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 px-3 py-3 text-sm">
      <div className="min-w-0">
        <p className="flex items-center gap-2 font-medium text-slate-900">
          {name}
          {session.current && <Badge variant="success">This session</Badge>}
        </p>
        <p className="text-slate-600">
          {session.ipAddress ?? 'Unknown address'} · Last active {formatTime(session.lastActiveAt)} · Signed
          in {formatTime(session.createdAt)}
        </p>
      </div>
      {!session.current && (
        <Button
          variant="ghost"
          size="sm"
          onClick={() => void signOut()}
          disabled={revoke.isPending}
          aria-label={`Revoke ${name} (${session.ipAddress ?? 'unknown address'})`}
        >
          {revoke.isPending ? 'Revoking...' : 'Revoke'}
        </Button>
      )}
    </li>
  );
}

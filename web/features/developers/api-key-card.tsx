import { Check, Copy, KeyRound } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import type { IssuedApiKey } from '#common/api/developers';
import { Alert } from '#web/components/ui/alert';
import { LoadError } from '#web/components/ui/load-error';
import { Button } from '#web/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '#web/components/ui/dialog';
import { Input } from '#web/components/ui/input';
import { Skeleton } from '#web/components/ui/skeleton';
import { useCopyToClipboard } from '#web/lib/use-copy-to-clipboard';
import { useGenerateApiKey } from './api/generate-api-key';
import { useApiKey } from './api/get-api-key';
import { useRevokeApiKey } from './api/revoke-api-key';

const formatDate = (iso: string) =>
  new Date(iso).toLocaleString([], { dateStyle: 'medium', timeStyle: 'short' });

/**
 * The merchant's agent API key (Settings › API, onboarding step 5): its display form and age,
 * Generate (or Rotate, after a confirmation, since agents using the old key stop at once), Revoke (after
 * a confirmation dialog), and the new key shown once with a copy control.
 */
export function ApiKeyCard() {
  const key = useApiKey();
  const generate = useGenerateApiKey();
  const [issued, setIssued] = useState<IssuedApiKey | null>(null);
  const [confirmRotate, setConfirmRotate] = useState(false);
  const [confirmRevoke, setConfirmRevoke] = useState(false);
  const revoke = useRevokeApiKey();

  const revokeKey = async () => {
    try {
      await revoke.mutateAsync();
      setIssued(null);
      setConfirmRevoke(false);
      toast.success('API key revoked', { description: 'Agents using it are refused from now on.' });
    } catch (err) {
      toast.error('Error revoking API key', {
        description: err instanceof Error ? err.message : undefined,
      });
    }
  };

  const issue = async () => {
    setConfirmRotate(false);
    try {
      setIssued(await generate.mutateAsync());
    } catch (err) {
      toast.error('Error generating API key', {
        description: err instanceof Error ? err.message : undefined,
      });
    }
  };

  if (key.isPending) return <Skeleton className="h-24 w-full rounded-xl" />;
  if (key.isError) {
    return (
      <LoadError title="Your API key could not be loaded" onRetry={() => key.refetch()}>
        <p>{key.error.message}</p>
      </LoadError>
    );
  }
  const current = key.data.key;
  return (
    <section aria-labelledby="api-key-heading" className="grid gap-3 rounded-xl border border-slate-200 p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="flex items-start gap-3">
          <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
            <KeyRound aria-hidden="true" className="size-4" />
          </span>
          <div>
            <h3 id="api-key-heading" className="font-semibold text-slate-900">
              Agent API key
            </h3>
            <p className="text-sm text-slate-600">
              {current ? (
                <>
                  <code className="font-mono text-xs text-slate-800">{current.display}</code>, created{' '}
                  {formatDate(current.createdAt)}.
                </>
              ) : (
                'AI agents send this key with every request. You have none yet.'
              )}
            </p>
          </div>
        </div>
        {current && !confirmRotate ? (
          <div className="flex gap-2">
            <Button variant="outline" onClick={() => setConfirmRotate(true)} disabled={generate.isPending}>
              Rotate key
            </Button>
            <Button
              variant="ghost"
              className="text-red-700 hover:bg-red-50 hover:text-red-800"
              onClick={() => setConfirmRevoke(true)}
              disabled={revoke.isPending}
            >
              Revoke key
            </Button>
          </div>
        ) : !current ? (
          <Button onClick={issue} disabled={generate.isPending}>
            {generate.isPending ? 'Generating...' : 'Generate API key'}
          </Button>
        ) : null}
      </div>
      {confirmRotate && (
        <Alert variant="warning" title="Agents using the current key stop working at once">
          <div className="mt-2 flex flex-wrap gap-2">
            <Button variant="destructive" size="sm" onClick={issue} disabled={generate.isPending}>
              {generate.isPending ? 'Rotating...' : 'Rotate now'}
            </Button>
            <Button variant="ghost" size="sm" onClick={() => setConfirmRotate(false)}>
              Keep the current key
            </Button>
          </div>
        </Alert>
      )}
      {issued && <IssuedKey issued={issued} />}
      <Dialog open={confirmRevoke} onOpenChange={setConfirmRevoke}>
        <DialogContent>
          <DialogTitle>Revoke the agent API key?</DialogTitle>
          <DialogDescription>
            Every agent using {current?.display ?? 'this key'} is refused from its next request, on the agent
            API and on ACP. You can generate a new key afterwards.
          </DialogDescription>
          <div className="mt-4 flex justify-end gap-2">
            <DialogClose asChild>
              <Button variant="ghost">Keep the key</Button>
            </DialogClose>
            <Button variant="destructive" onClick={() => void revokeKey()} disabled={revoke.isPending}>
              {revoke.isPending ? 'Revoking...' : 'Revoke key'}
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </section>
  );
}

function IssuedKey({ issued }: { issued: IssuedApiKey }) {
  const { state, copy } = useCopyToClipboard();
  return (
    <Alert variant="success" title="Copy your new key now: it is not shown again">
      <div className="mt-2 flex gap-2">
        <Input
          readOnly
          value={issued.apiKey}
          aria-label="New API key"
          className="font-mono text-xs"
          onFocus={(e) => e.currentTarget.select()}
        />
        <Button variant="outline" onClick={() => copy(issued.apiKey)}>
          {state === 'copied' ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
          {state === 'copied' ? 'Copied' : 'Copy'}
        </Button>
      </div>
    </Alert>
  );
}

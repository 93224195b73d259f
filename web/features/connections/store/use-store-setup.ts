import { useCallback, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import type { StoreSaveOutput } from '#common/api/connections';
import { CONNECTION_MESSAGES } from '#common/validation/connections';
import { ApiRequestError } from '#web/lib/api-client';
import { useSaveStoreConnection } from '../api/save-store-connection';
import { useTestStoreConnection } from '../api/test-store-connection';

/** Store setup states: untested, testing, then verified or failed. */
export type StoreSetupStatus = 'untested' | 'testing' | 'verified' | 'failed';

const messageOf = (err: unknown) =>
  err instanceof Error && err.message ? err.message : CONNECTION_MESSAGES.couldNotConnect;

/**
 * The test-then-save flow of one platform's store form. A failed test is said in the form (one
 * message, not a toast besides); a passed one and a save are toasted. Saving requires a
 * passed test of the very credentials being saved; a failed test, or any edit, clears it.
 */
export function useStoreSetup(
  platform: string,
  handlers: {
    onSaved(saved: StoreSaveOutput): void;
    /** Puts the server's per-field messages under the form's fields; whether it placed any. */
    applyServerErrors(err: unknown): boolean;
  },
) {
  const [status, setStatus] = useState<StoreSetupStatus>('untested');
  const [failure, setFailure] = useState<string | null>(null);
  const [verified, setVerified] = useState<{
    credentials: Record<string, string>;
    storeName: string | null;
  }>();
  const { mutateAsync: testConnection } = useTestStoreConnection();
  const { mutateAsync: saveConnection, isPending: saving } = useSaveStoreConnection();
  const navigate = useNavigate();
  const location = useLocation();

  /** `message` null: the failure is already said under a field. */
  const fail = (message: string | null) => {
    setStatus('failed');
    setFailure(message);
    setVerified(undefined);
  };

  async function test(credentials: Record<string, string>) {
    setStatus('testing');
    setFailure(null);
    setVerified(undefined);
    try {
      const result = await testConnection({ platform, credentials });
      setVerified({ credentials, storeName: result.storeName });
      setStatus('verified');
      toast.success('Connection Successful', { description: result.message });
    } catch (err) {
      // Said once, next to what to fix: under the field the server names, else in the form's box.
      if (handlers.applyServerErrors(err)) fail(null);
      else fail(messageOf(err));
    }
  }

  /** `selling`: asked when another store is selling; whether this one takes over (ADR 042). */
  async function save(opts: { selling?: boolean } = {}) {
    if (!verified) {
      toast.error(CONNECTION_MESSAGES.testFirst);
      return;
    }
    try {
      const saved = await saveConnection({ platform, credentials: verified.credentials, ...opts });
      toast.success(CONNECTION_MESSAGES.storeConnected);
      handlers.onSaved(saved);
    } catch (err) {
      if (err instanceof ApiRequestError && err.status === 401) {
        toast.error(CONNECTION_MESSAGES.loginToSave);
        navigate('/auth', { replace: true, state: { from: location } });
        return;
      }
      // The server tests again before saving: a store that stopped answering is a failed test.
      if (err instanceof ApiRequestError && err.status === 422) fail(err.message);
      toast.error(CONNECTION_MESSAGES.saveFailed, { description: messageOf(err) });
    }
  }

  /** Editing the credentials after a test makes its result stale. */
  const resetTest = useCallback(() => {
    setStatus((current) => (current === 'testing' ? current : 'untested'));
    setFailure(null);
    setVerified(undefined);
  }, []);

  return { status, failure, storeName: verified?.storeName ?? null, saving, test, save, resetTest };
}

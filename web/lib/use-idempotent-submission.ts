import { useRef } from 'react';

/**
 * A form that moves money (a refund, a cancellation) sends one request at a time, under one
 * Idempotency-Key per submission: sent again with the same body (a retry after a refusal or a lost
 * answer) it keeps its key, so the server answers it once; a changed body is a new submission with a new
 * key. The guard is a ref, not the mutation's `isPending`: react-query tells React of a pending mutation
 * on a later tick, so a double click's second submit still sees it idle and would send the key again
 * while the first is running (a 409 "still being made").
 */
export function useIdempotentSubmission() {
  const submission = useRef<{ body: string; key: string } | null>(null);
  const inFlight = useRef(false);
  return {
    /** The Idempotency-Key to send `body` with now, or null while a send of this form is in flight. */
    begin(body: unknown): string | null {
      if (inFlight.current) return null;
      inFlight.current = true;
      const text = JSON.stringify(body);
      if (submission.current?.body !== text) submission.current = { body: text, key: crypto.randomUUID() };
      return submission.current.key;
    },
    /** The send is over: once it succeeded the next submission is a new one, with a new key. */
    end(succeeded: boolean) {
      inFlight.current = false;
      if (succeeded) submission.current = null;
    },
  };
}

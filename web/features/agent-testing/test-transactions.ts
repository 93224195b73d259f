import { useCallback, useEffect, useState } from 'react';
import { z } from 'zod';

/** A test transaction: one test checkout as the tester lists it. Amounts are minor units. */
const testTransaction = z.object({
  /** The checkout id. */
  id: z.string(),
  method: z.enum(['stripe', 'bitcoin']),
  status: z.enum(['paid', 'failed', 'pending', 'expired']),
  amount: z.number().int(),
  currency: z.string(),
  /** ISO 8601. */
  timestamp: z.string(),
});
export type TestTransaction = z.infer<typeof testTransaction>;
export type TestTransactionStatus = TestTransaction['status'];

/** The tester lists the last 10 test transactions. */
export const TEST_TRANSACTIONS_KEPT = 10;
const STORAGE_KEY = 'agentcart-test-transactions';

/** The tab's list, as saved; an unreadable or tampered entry is dropped rather than trusted. */
function readStored(): TestTransaction[] {
  try {
    const parsed = z
      .array(testTransaction)
      .safeParse(JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '[]'));
    return parsed.success ? parsed.data.slice(0, TEST_TRANSACTIONS_KEPT) : [];
  } catch {
    return [];
  }
}

/**
 * The session's test transactions, newest first, for this session only. They live in sessionStorage,
 * so they survive a reload of the tab and are gone with it.
 */
export function useTestTransactions() {
  const [transactions, setTransactions] = useState(readStored);
  useEffect(() => sessionStorage.setItem(STORAGE_KEY, JSON.stringify(transactions)), [transactions]);

  const change = useCallback(
    (next: (list: TestTransaction[]) => TestTransaction[]) =>
      setTransactions((list) => next(list).slice(0, TEST_TRANSACTIONS_KEPT)),
    [],
  );

  /** Puts a transaction first, replacing an earlier entry for the same checkout. */
  const record = useCallback(
    (transaction: TestTransaction) =>
      change((list) => [transaction, ...list.filter((t) => t.id !== transaction.id)]),
    [change],
  );

  const setStatus = useCallback(
    (id: string, status: TestTransactionStatus) =>
      change((list) => list.map((t) => (t.id === id ? { ...t, status } : t))),
    [change],
  );

  return { transactions, record, setStatus };
}

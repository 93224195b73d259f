import { useCallback, useState, useSyncExternalStore } from 'react';
import { DEFAULT_CURRENCY, type Currency } from '#common/domain/currencies';
import { readPreferredCurrency, writePreferredCurrency } from '#web/lib/currency-preference';

const subscribeNever = () => () => {};

/**
 * The visitor's chosen currency, remembered in local storage and a one-year cookie. Pre-rendered pages
 * show the default currency and hydrate with it; React then reads the stored choice and renders again
 * only when it differs. (Re-rendering the whole pricing page after hydration whatever the choice, as a
 * "hydrated" flag did, was one long task on a phone.)
 */
export function usePreferredCurrency(): [Currency, (currency: Currency) => void] {
  const stored = useSyncExternalStore(subscribeNever, readPreferredCurrency, () => DEFAULT_CURRENCY);
  // Held here too, so the choice shows even where storage and cookies are both refused.
  const [chosen, setChosen] = useState<Currency | null>(null);
  const choose = useCallback((next: Currency) => {
    setChosen(next);
    writePreferredCurrency(next);
  }, []);
  return [chosen ?? stored, choose];
}

import { useCallback, useState } from 'react';
import type { Currency } from '#common/domain/currencies';
import { readPreferredCurrency, writePreferredCurrency } from '#web/lib/currency-preference';

/** The visitor's chosen currency, remembered in local storage and a one-year cookie. */
export function usePreferredCurrency(): [Currency, (currency: Currency) => void] {
  const [currency, setCurrency] = useState<Currency>(readPreferredCurrency);
  const choose = useCallback((next: Currency) => {
    setCurrency(next);
    writePreferredCurrency(next);
  }, []);
  return [currency, choose];
}

import { useCallback, useState } from 'react';
import { DEFAULT_CURRENCY, type Currency } from '#common/domain/currencies';
import { readPreferredCurrency, writePreferredCurrency } from '#web/lib/currency-preference';
import { useHydrated } from '#web/lib/use-hydrated';

/** The visitor's chosen currency, remembered in local storage and a one-year cookie. */
export function usePreferredCurrency(): [Currency, (currency: Currency) => void] {
  // Pre-rendered pages show the default currency; the stored choice replaces it once hydrated.
  const hydrated = useHydrated();
  const [chosen, setChosen] = useState<Currency | null>(null);
  const choose = useCallback((next: Currency) => {
    setChosen(next);
    writePreferredCurrency(next);
  }, []);
  return [chosen ?? (hydrated ? readPreferredCurrency() : DEFAULT_CURRENCY), choose];
}

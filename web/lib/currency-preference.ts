import { toCurrency, type Currency } from '#common/domain/currencies';
import { PREFERRED_CURRENCY_COOKIE_MAX_AGE_S, PREFERRED_CURRENCY_KEY } from '#common/domain/limits';

/** The preferred currency lives in local storage and in a one-year cookie; anything else is GBP. */
export function readPreferredCurrency(): Currency {
  let stored: string | null = null;
  try {
    stored = window.localStorage.getItem(PREFERRED_CURRENCY_KEY);
  } catch {
    // Storage can be disabled; the cookie still works.
  }
  if (!stored) {
    const match = document.cookie.match(new RegExp(`(?:^|; )${PREFERRED_CURRENCY_KEY}=([^;]*)`));
    stored = match ? decodeURIComponent(match[1]!) : null;
  }
  return toCurrency(stored);
}

export function writePreferredCurrency(currency: Currency): void {
  try {
    window.localStorage.setItem(PREFERRED_CURRENCY_KEY, currency);
  } catch {
    // Ignore: the cookie below keeps the choice.
  }
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${PREFERRED_CURRENCY_KEY}=${currency}; Max-Age=${PREFERRED_CURRENCY_COOKIE_MAX_AGE_S}; Path=/; SameSite=Lax${secure}`;
}

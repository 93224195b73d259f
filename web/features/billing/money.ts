import { CURRENCY_SYMBOLS, isCurrency } from '#common/domain/currencies';
import { formatAmount } from '#common/domain/money';

/** An amount in minor units with its currency's symbol (£2.50), or its code for any other currency. */
export function formatBilled(minor: number, currency: string): string {
  const amount = formatAmount(minor, currency);
  return isCurrency(currency) ? `${CURRENCY_SYMBOLS[currency]}${amount}` : `${amount} ${currency}`;
}

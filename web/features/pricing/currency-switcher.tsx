import { CURRENCIES, CURRENCY_SYMBOLS, type Currency } from '#common/domain/currencies';
import { cn } from '#web/lib/cn';

interface CurrencySwitcherProps {
  value: Currency;
  onChange: (currency: Currency) => void;
  className?: string;
}

/**
 * A segmented control of toggle buttons. Each button announces its pressed state, so a screen reader
 * hears "GBP, £, toggle button, pressed"; every option is reachable with Tab and works with Enter/Space.
 */
export function CurrencySwitcher({ value, onChange, className }: CurrencySwitcherProps) {
  return (
    <div
      role="group"
      aria-label="Currency"
      className={cn(
        'inline-flex items-center gap-1 rounded-xl border border-slate-200 bg-slate-100 p-1',
        className,
      )}
    >
      {CURRENCIES.map((currency) => {
        const selected = currency === value;
        return (
          <button
            key={currency}
            type="button"
            aria-pressed={selected}
            onClick={() => onChange(currency)}
            className={cn(
              'inline-flex h-9 min-w-16 items-center justify-center gap-1.5 rounded-lg px-3 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-500',
              selected
                ? 'bg-white text-slate-900 shadow-sm ring-1 ring-slate-200'
                : 'text-slate-600 hover:bg-white/60 hover:text-slate-900',
            )}
          >
            <span aria-hidden="true" className={selected ? 'text-brand-600' : 'text-slate-400'}>
              {CURRENCY_SYMBOLS[currency]}
            </span>
            {currency}
          </button>
        );
      })}
    </div>
  );
}

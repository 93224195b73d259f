import { testCardByNumber, type TestCard } from './simulator-cards';
import { escapeHtml } from './simulator-pages';

/**
 * The card fields of the simulator's hosted pages (Checkout, the customer portal), and how a submitted
 * form is read: Stripe's documented test card numbers, any future expiry, any CVC.
 */
export function cardFields(error: string | null): string {
  return `${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<label for="cardnumber">Card number</label><input id="cardnumber" name="cardnumber" inputmode="numeric" autocomplete="cc-number" placeholder="4242 4242 4242 4242" required>
<div class="row"><div><label for="exp">Expiry (MM / YY)</label><input id="exp" name="exp" autocomplete="cc-exp" placeholder="12 / 34" required></div>
<div><label for="cvc">CVC</label><input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" placeholder="123" required></div></div>
<p class="hint">Test cards: 4242 4242 4242 4242 succeeds, 4000 0000 0000 0002 is declined, 4000 0025 0000 3155 asks for 3-D Secure.</p>`;
}

/** The test card a form names, or the message Stripe's page shows for what is wrong with it. */
export function readCardForm(
  form: Record<string, unknown>,
  now: Date,
): { card: TestCard } | { error: string } {
  const text = (key: string) => (typeof form[key] === 'string' ? (form[key] as string).trim() : '');
  const number = text('cardnumber').replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(number)) return { error: 'Your card number is incomplete.' };
  const card = testCardByNumber(number);
  if (!card) {
    return {
      error:
        'Your card number is invalid. In the sandbox, use one of Stripe’s test cards, such as 4242 4242 4242 4242.',
    };
  }
  const expiry = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/.exec(text('exp'));
  if (!expiry) return { error: 'Your card’s expiration date is incomplete.' };
  const month = Number(expiry[1]);
  const year = expiry[2]!.length === 2 ? 2000 + Number(expiry[2]) : Number(expiry[2]);
  if (month < 1 || month > 12) return { error: 'Your card’s expiration date is invalid.' };
  if (Date.UTC(year, month, 1) <= now.getTime())
    return { error: 'Your card’s expiration year is in the past.' };
  if (!/^\d{3,4}$/.test(text('cvc'))) return { error: 'Your card’s security code is incomplete.' };
  return { card: { ...card, card: { ...card.card, exp_month: month, exp_year: year } } };
}

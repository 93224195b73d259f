/** Stripe's test cards as the simulator charges them: what a charge shows, and how the card behaves. */

/** The card details a charge and a payment method show. */
export interface CardDetails {
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  funding: 'credit' | 'debit';
  country: string;
}

/** A test card: what it shows and how it behaves when charged. */
export interface TestCard {
  card: CardDetails;
  /** Set when charging the card fails (402 card_error). */
  decline?: { declineCode: string; message: string };
  /** Set when the card asks for 3-D Secure (requires_action). */
  requiresAction?: boolean;
}

/** Billing details as Stripe shows them when none were given. */
export const NO_BILLING = { address: null, email: null, name: null, phone: null } as const;

const card = (brand: string, last4: string, funding: CardDetails['funding'] = 'credit'): CardDetails => ({
  brand,
  last4,
  exp_month: 12,
  exp_year: new Date().getUTCFullYear() + 3,
  funding,
  country: 'US',
});
const declined = (last4: string, declineCode: string, message = 'Your card was declined.'): TestCard => ({
  card: card('visa', last4),
  decline: { declineCode, message },
});
const noFunds = declined('9995', 'insufficient_funds', 'Your card has insufficient funds.');

/** Stripe's documented test payment methods (the `pm_card_*` aliases). */
export const TEST_PAYMENT_METHODS: Record<string, TestCard> = {
  pm_card_visa: { card: card('visa', '4242') },
  pm_card_visa_debit: { card: card('visa', '5556', 'debit') },
  pm_card_mastercard: { card: card('mastercard', '4444') },
  pm_card_amex: { card: card('amex', '8431') },
  pm_card_gb: { card: { ...card('visa', '0002'), country: 'GB' } },
  pm_card_chargeDeclined: declined('0002', 'generic_decline'),
  pm_card_visa_chargeDeclined: declined('0002', 'generic_decline'),
  pm_card_chargeDeclinedInsufficientFunds: noFunds,
  pm_card_visa_chargeDeclinedInsufficientFunds: noFunds,
  pm_card_chargeDeclinedLostCard: declined('9987', 'lost_card'),
  pm_card_chargeDeclinedStolenCard: declined('9979', 'stolen_card'),
  pm_card_chargeDeclinedExpiredCard: declined('0069', 'expired_card', 'Your card has expired.'),
  pm_card_authenticationRequired: { card: card('visa', '3184'), requiresAction: true },
  pm_card_threeDSecure2Required: { card: card('visa', '3220'), requiresAction: true },
};

/** A `pm_card_*` alias, or a `tok_*` test token named the same way (`tok_visa` is `pm_card_visa`). */
export function testCardFor(id: string): TestCard | undefined {
  return (
    TEST_PAYMENT_METHODS[id] ??
    (id.startsWith('tok_') ? TEST_PAYMENT_METHODS[`pm_card_${id.slice(4)}`] : undefined)
  );
}

/**
 * The card numbers Stripe documents for its hosted pages (any future expiry, any CVC), as the test payment
 * methods they behave like. 4000 0025 0000 3155 asks for 3-D Secure unless the card was set up for
 * off-session use, which the simulator treats the same way.
 */
const CARD_NUMBERS: Record<string, TestCard> = {
  '4242424242424242': TEST_PAYMENT_METHODS.pm_card_visa!,
  '4000056655665556': TEST_PAYMENT_METHODS.pm_card_visa_debit!,
  '5555555555554444': TEST_PAYMENT_METHODS.pm_card_mastercard!,
  '4000000000000002': TEST_PAYMENT_METHODS.pm_card_chargeDeclined!,
  '4000000000009995': noFunds,
  '4000000000009987': TEST_PAYMENT_METHODS.pm_card_chargeDeclinedLostCard!,
  '4000000000000069': TEST_PAYMENT_METHODS.pm_card_chargeDeclinedExpiredCard!,
  '4000002500003155': { card: card('visa', '3155'), requiresAction: true },
};

/** A test card typed into a hosted page (spaces allowed), or undefined for any other number. */
export function testCardByNumber(number: string): TestCard | undefined {
  return CARD_NUMBERS[number.replace(/[\s-]/g, '')];
}

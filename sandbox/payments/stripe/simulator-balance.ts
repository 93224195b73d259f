import { resourceMissing, stripeId } from './simulator-http';
import { listOf, ownedBy } from './simulator-lists';
import type { StripeSimContext } from './simulator-state';

interface FeeDetail {
  amount: number;
  application: string | null;
  currency: string;
  description: string;
  type: 'application_fee' | 'stripe_fee';
}

interface BalanceTransaction {
  id: string;
  object: 'balance_transaction';
  amount: number;
  available_on: number;
  balance_type: 'payments';
  created: number;
  currency: string;
  description: string | null;
  exchange_rate: null;
  fee: number;
  fee_details: FeeDetail[];
  net: number;
  reporting_category: 'charge' | 'refund' | 'refund_failure' | 'platform_earning' | 'platform_earning_refund';
  source: string;
  status: 'pending' | 'available';
  type: 'charge' | 'refund' | 'refund_failure' | 'application_fee' | 'application_fee_refund';
}

/** An application fee refund (`fr_…`): part of the platform's fee given back to the connected account. */
export interface FeeRefund {
  id: string;
  object: 'fee_refund';
  amount: number;
  balance_transaction: string;
  created: number;
  currency: string;
  fee: string;
  metadata: Record<string, string>;
}

interface ApplicationFee {
  id: string;
  object: 'application_fee';
  account: string;
  amount: number;
  amount_refunded: number;
  application: string;
  balance_transaction: string;
  charge: string;
  created: number;
  currency: string;
  fee_source: { charge: string; type: 'charge' };
  livemode: false;
  originating_transaction: null;
  refunded: boolean;
  refunds: { object: 'list'; data: FeeRefund[]; has_more: false; total_count: number; url: string };
}

/** What the ledger needs to know about a captured charge. */
export interface CapturedCharge {
  id: string;
  amount: number;
  currency: string;
  description: string | null;
}

/**
 * Stripe's standard card pricing (percent, fixed minor units) by settlement currency. Real Stripe also
 * varies it by card origin and product; the simulator uses the domestic rate so a net is never zero.
 */
const PROCESSING_FEE: Record<string, [percent: number, fixed: number]> = {
  gbp: [1.5, 20],
  eur: [1.5, 25],
  usd: [2.9, 30],
};
const DEFAULT_PROCESSING_FEE: [number, number] = [2.9, 30];

/** Funds from a card charge become available after Stripe's standard two-day rolling payout delay. */
const AVAILABLE_AFTER_SECONDS = 2 * 24 * 60 * 60;

/**
 * Each account's balance transactions (a charge's gross, fees and net; refunds) and the platform's
 * application fees on its connected accounts' direct charges: what `GET /v1/balance_transactions` and
 * `GET /v1/application_fees` show.
 */
export function registerBalance(ctx: StripeSimContext) {
  const { router, state, sim } = ctx;
  const { transactions, fees } = sim.keep('balance', () => ({
    transactions: new Map<string, { owner: string; object: BalanceTransaction }>(),
    fees: new Map<string, { owner: string; object: ApplicationFee }>(),
  }));

  function record(
    owner: string,
    fields: Omit<
      BalanceTransaction,
      'id' | 'object' | 'available_on' | 'balance_type' | 'created' | 'exchange_rate' | 'status'
    >,
  ) {
    const created = state.nowSeconds();
    const txn: BalanceTransaction = {
      id: stripeId('txn'),
      object: 'balance_transaction',
      available_on: created + AVAILABLE_AFTER_SECONDS,
      balance_type: 'payments',
      created,
      exchange_rate: null,
      status: 'pending',
      ...fields,
    };
    transactions.set(txn.id, { owner, object: txn });
    return txn;
  }

  /**
   * A captured charge on `owner`: its balance transaction (gross, Stripe's fee, the platform's application
   * fee when there is one, net), and on a connected account the platform's application fee. Returns the
   * ids the charge shows.
   */
  function charge(
    owner: string,
    captured: CapturedCharge,
    applicationFeeAmount: number | null,
  ): { balanceTransaction: string; applicationFee: string | null } {
    const [percent, fixed] = PROCESSING_FEE[captured.currency] ?? DEFAULT_PROCESSING_FEE;
    const stripeFee = Math.round((captured.amount * percent) / 100) + fixed;
    const platform = state.accounts.get(owner)?.platform ?? null;
    const appFee = platform && applicationFeeAmount ? applicationFeeAmount : 0;
    const client = platform ? ([...state.clients].find(([, p]) => p === platform)?.[0] ?? platform) : null;
    const details: FeeDetail[] = [
      ...(appFee
        ? [
            {
              amount: appFee,
              application: client,
              currency: captured.currency,
              description: `${state.accounts.get(platform!)?.account.business_profile.name ?? 'Platform'} application fee`,
              type: 'application_fee' as const,
            },
          ]
        : []),
      {
        amount: stripeFee,
        application: null,
        currency: captured.currency,
        description: 'Stripe processing fees',
        type: 'stripe_fee',
      },
    ];
    const fee = stripeFee + appFee;
    const txn = record(owner, {
      amount: captured.amount,
      currency: captured.currency,
      description: captured.description,
      fee,
      fee_details: details,
      net: captured.amount - fee,
      reporting_category: 'charge',
      source: captured.id,
      type: 'charge',
    });
    if (!appFee) return { balanceTransaction: txn.id, applicationFee: null };
    const feeId = stripeId('fee');
    const platformTxn = record(platform!, {
      amount: appFee,
      currency: captured.currency,
      description: null,
      fee: 0,
      fee_details: [],
      net: appFee,
      reporting_category: 'platform_earning',
      source: feeId,
      type: 'application_fee',
    });
    fees.set(feeId, {
      owner: platform!,
      object: {
        id: feeId,
        object: 'application_fee',
        account: owner,
        amount: appFee,
        amount_refunded: 0,
        application: client!,
        balance_transaction: platformTxn.id,
        charge: captured.id,
        created: platformTxn.created,
        currency: captured.currency,
        fee_source: { charge: captured.id, type: 'charge' },
        livemode: false,
        originating_transaction: null,
        refunded: false,
        refunds: {
          object: 'list',
          data: [],
          has_more: false,
          total_count: 0,
          url: `/v1/application_fees/${feeId}/refunds`,
        },
      },
    });
    return { balanceTransaction: txn.id, applicationFee: feeId };
  }

  /** A refund takes the amount back out of the account's balance. */
  function refund(owner: string, refundId: string, amount: number, currency: string): string {
    return record(owner, {
      amount: -amount,
      currency,
      description: 'REFUND FOR CHARGE',
      fee: 0,
      fee_details: [],
      net: -amount,
      reporting_category: 'refund',
      source: refundId,
      type: 'refund',
    }).id;
  }

  /**
   * A refund that failed after it was made (a pending card refund the bank refused) puts the money back
   * in the balance, as Stripe's `refund_failure` reporting category does.
   */
  function refundFailure(owner: string, refundId: string, amount: number, currency: string): string {
    return record(owner, {
      amount,
      currency,
      description: 'REFUND FAILURE',
      fee: 0,
      fee_details: [],
      net: amount,
      reporting_category: 'refund_failure',
      source: refundId,
      type: 'refund_failure',
    }).id;
  }

  /**
   * Gives back part of the application fee on `chargeId` when the charge is refunded with
   * `refund_application_fee`: in proportion to the part of the charge refunded (Stripe's rule), and all
   * that is left of the fee once the charge is fully refunded, so rounding never leaves a cent behind.
   * Returns the fee refund, or null when the charge carried no fee or nothing is left of it.
   */
  function refundApplicationFee(
    feeId: string,
    refunded: { amount: number; chargeAmount: number; chargeFullyRefunded: boolean },
  ): { platform: string; fee: ApplicationFee; feeRefund: FeeRefund } | null {
    const found = fees.get(feeId);
    if (!found) return null;
    const fee = found.object;
    const left = fee.amount - fee.amount_refunded;
    const share = refunded.chargeFullyRefunded
      ? left
      : Math.min(left, Math.round((fee.amount * refunded.amount) / refunded.chargeAmount));
    if (share <= 0) return null;
    const id = stripeId('fr');
    const txn = record(found.owner, {
      amount: -share,
      currency: fee.currency,
      description: 'Application fee refund',
      fee: 0,
      fee_details: [],
      net: -share,
      reporting_category: 'platform_earning_refund',
      source: id,
      type: 'application_fee_refund',
    });
    const feeRefund: FeeRefund = {
      id,
      object: 'fee_refund',
      amount: share,
      balance_transaction: txn.id,
      created: txn.created,
      currency: fee.currency,
      fee: fee.id,
      metadata: {},
    };
    fee.amount_refunded += share;
    fee.refunded = fee.amount_refunded >= fee.amount;
    // Stripe lists an object's embedded refunds newest first.
    fee.refunds.data.unshift(feeRefund);
    fee.refunds.total_count = fee.refunds.data.length;
    return { platform: found.owner, fee, feeRefund };
  }

  router.get('/v1/balance_transactions', ({ caller, params }) => {
    params.only([
      'created',
      'currency',
      'ending_before',
      'limit',
      'payout',
      'source',
      'starting_after',
      'type',
      'expand',
    ]);
    const type = params.string('type');
    const source = params.string('source');
    const currency = params.string('currency')?.toLowerCase();
    return listOf(
      '/v1/balance_transactions',
      ownedBy(transactions, caller.account).filter(
        (t) =>
          (!type || t.type === type) &&
          (!source || t.source === source) &&
          (!currency || t.currency === currency),
      ),
      params,
    );
  });
  router.get('/v1/balance_transactions/:id', ({ caller, path }) => {
    const found = transactions.get(path.id!);
    if (!found || found.owner !== caller.account)
      throw resourceMissing('balance_transaction', path.id!, 'id');
    return found.object;
  });

  router.get('/v1/application_fees', ({ caller, params }) => {
    params.only(['charge', 'created', 'ending_before', 'limit', 'starting_after', 'expand']);
    const chargeId = params.string('charge');
    return listOf(
      '/v1/application_fees',
      ownedBy(fees, caller.account).filter((f) => !chargeId || f.charge === chargeId),
      params,
    );
  });
  router.get('/v1/application_fees/:id', ({ caller, path }) => {
    const found = fees.get(path.id!);
    if (!found || found.owner !== caller.account) throw resourceMissing('application_fee', path.id!, 'id');
    return found.object;
  });

  return { charge, refund, refundFailure, refundApplicationFee };
}

export type Ledger = ReturnType<typeof registerBalance>;

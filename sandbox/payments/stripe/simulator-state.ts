import type { Expander } from './simulator-expand';
import type { Caller, StripeAuth, StripeRouter } from './simulator-http';
import type { Simulator } from '../../simulator-kit';
import type { FastifyInstance } from 'fastify';

/** The parts of a Stripe Account object the simulator keeps. */
export interface AccountObject {
  id: string;
  object: 'account';
  type: 'standard' | 'express' | 'custom' | 'none';
  business_profile: {
    name: string | null;
    url: string | null;
    mcc: string | null;
    support_email: string | null;
  };
  business_type: string | null;
  capabilities: Record<string, 'inactive' | 'pending' | 'active'>;
  charges_enabled: boolean;
  payouts_enabled: boolean;
  details_submitted: boolean;
  controller: { type: 'application' | 'account'; is_controller?: boolean };
  country: string;
  default_currency: string;
  email: string | null;
  created: number;
  metadata: Record<string, string>;
  requirements: {
    alternatives: unknown[];
    current_deadline: number | null;
    currently_due: string[];
    disabled_reason: string | null;
    errors: unknown[];
    eventually_due: string[];
    past_due: string[];
    pending_verification: string[];
  };
  settings: { dashboard: { display_name: string | null; timezone: string } };
  tos_acceptance: { date: number | null };
}

export interface AccountRecord {
  account: AccountObject;
  /** The platform this account is connected to (created by it, or connected through OAuth). */
  platform: string | null;
}

/** Everything the simulator knows, shared by its route modules. */
export interface StripeSimState extends StripeAuth {
  /** Milliseconds since the epoch, from the simulator's clock (tests can move it). */
  now(): number;
  nowSeconds(): number;
  accounts: Map<string, AccountRecord>;
  /** Secret keys and OAuth access tokens -> the account they act as. */
  secretKeys: Map<string, string>;
  publishableKeys: Map<string, string>;
  /** Connect client ids (ca_…) -> their platform account. */
  clients: Map<string, string>;
  /** The simulator's public base URL (for links it hands out). */
  baseUrl(): string;
}

/** What a route module gets: the app, the Stripe router, the kit's control registration, the state. */
export interface StripeSimContext {
  app: FastifyInstance;
  sim: Simulator;
  router: StripeRouter;
  state: StripeSimState;
  events: EventSink;
  /** Resolves `expand[]` paths; each resource registers its id prefix. */
  expander: Expander;
}

export interface EventSink {
  /** Records a Stripe event on `account` and delivers it to the endpoints that subscribed. */
  emit(
    account: string,
    type: string,
    object: unknown,
    opts?: { previous?: Record<string, unknown>; caller?: Caller },
  ): void;
}

const CURRENCY_OF_COUNTRY: Record<string, string> = {
  GB: 'gbp',
  US: 'usd',
  CA: 'cad',
  AU: 'aud',
  CH: 'chf',
  NO: 'nok',
  SE: 'sek',
  DK: 'dkk',
  PL: 'pln',
};
const EURO_COUNTRIES = [
  'AT',
  'BE',
  'CY',
  'DE',
  'EE',
  'ES',
  'FI',
  'FR',
  'GR',
  'HR',
  'IE',
  'IT',
  'LT',
  'LU',
  'LV',
  'MT',
  'NL',
  'PT',
  'SI',
  'SK',
];

/** The currency a new account settles in, from its country. */
export function defaultCurrency(country: string): string {
  return CURRENCY_OF_COUNTRY[country] ?? (EURO_COUNTRIES.includes(country) ? 'eur' : 'usd');
}

/** What Stripe still wants from a new account before it can take payments. */
export const ONBOARDING_REQUIREMENTS = [
  'business_profile.url',
  'external_account',
  'representative.first_name',
  'representative.last_name',
  'tos_acceptance.date',
  'tos_acceptance.ip',
];

/** A new Account object: onboarded (charges and payouts on) or still owing the onboarding details. */
export function newAccount(input: {
  id: string;
  type: AccountObject['type'];
  created: number;
  country: string;
  email?: string | null;
  businessName?: string | null;
  businessType?: string | null;
  capabilities?: string[];
  metadata?: Record<string, string>;
  onboarded: boolean;
  controlledByPlatform: boolean;
}): AccountObject {
  const due = input.onboarded ? [] : ONBOARDING_REQUIREMENTS;
  return {
    id: input.id,
    object: 'account',
    type: input.type,
    business_profile: { name: input.businessName ?? null, url: null, mcc: null, support_email: null },
    business_type: input.businessType ?? null,
    capabilities: Object.fromEntries(
      (input.capabilities ?? ['card_payments', 'transfers']).map((c) => [
        c,
        input.onboarded ? 'active' : 'inactive',
      ]),
    ),
    charges_enabled: input.onboarded,
    payouts_enabled: input.onboarded,
    details_submitted: input.onboarded,
    controller: input.controlledByPlatform
      ? { type: 'application', is_controller: true }
      : { type: 'account' },
    country: input.country,
    default_currency: defaultCurrency(input.country),
    email: input.email ?? null,
    created: input.created,
    metadata: input.metadata ?? {},
    requirements: {
      alternatives: [],
      current_deadline: null,
      currently_due: [...due],
      disabled_reason: input.onboarded ? null : 'requirements.past_due',
      errors: [],
      eventually_due: [...due],
      past_due: [...due],
      pending_verification: [],
    },
    settings: { dashboard: { display_name: input.businessName ?? null, timezone: 'Etc/UTC' } },
    tos_acceptance: { date: input.onboarded ? input.created : null },
  };
}

import { z } from 'zod';
import { shippingLine, text } from '#common/acp/shared';
import type { AcpAddress, AcpBuyer, AcpFulfillment } from '../../db/schema/index';
import type { CompletePayment, SessionChanges } from '../acp';
import { CARD_HANDLER, LIGHTNING_HANDLER } from './protocol';
import { UcpError } from './ucp-error';

/**
 * What platforms send (checkout.json with its `ucp_request` annotations, fulfillment.json): lenient about
 * fields this business does not use, strict about the ones it does. Every string has a ceiling.
 */
const name = text(100).optional();
const shippingDestination = z.object({
  id: text(100).optional(),
  first_name: name,
  last_name: name,
  phone_number: text(40).optional(),
  street_address: shippingLine(500),
  extended_address: text(500).optional(),
  address_locality: shippingLine(200),
  address_region: text(200).optional(),
  address_country: z.string().length(2),
  postal_code: shippingLine(20),
});

const lineItems = z
  .array(
    z.object({
      id: text(120).optional(),
      item: z.object({ id: z.string().min(1).max(100) }),
      quantity: z.number().int().min(1).max(10_000),
    }),
  )
  .min(1)
  .max(100);

const buyer = z.object({
  first_name: name,
  last_name: name,
  email: z.email().max(320).optional(),
  phone_number: text(40).optional(),
});

const fulfillment = z.object({
  methods: z
    .array(
      z.object({
        id: text(100).optional(),
        type: z.literal('shipping', { error: 'Only shipping is offered' }).optional(),
        line_item_ids: z.array(text(120)).max(100).optional(),
        destinations: z.array(shippingDestination).max(10).optional(),
        selected_destination_id: text(100).nullable().optional(),
        groups: z
          .array(z.object({ id: text(100).optional(), selected_option_id: text(100).nullable().optional() }))
          .max(1)
          .optional(),
      }),
    )
    .max(1),
});

/** Create and update send the same fields; update must send `line_items` (PUT replaces the checkout). */
export const checkoutRequest = z.object({
  line_items: lineItems,
  buyer: buyer.optional(),
  fulfillment: fulfillment.optional(),
});

const instrument = z.object({
  id: text(100),
  handler_id: text(100),
  type: text(50),
  selected: z.boolean().optional(),
  credential: z.looseObject({ type: text(50) }).optional(),
});

export const completeRequest = z.object({
  payment: z.object({ instruments: z.array(instrument).min(1).max(10) }),
});

const toBuyer = (b: z.infer<typeof buyer>): AcpBuyer => ({
  firstName: b.first_name ?? null,
  lastName: b.last_name ?? null,
  fullName: null,
  email: b.email ?? null,
  phone: b.phone_number ?? null,
});

function toFulfillment(destination: z.infer<typeof shippingDestination>): AcpFulfillment {
  const person = [destination.first_name, destination.last_name].filter(Boolean).join(' ');
  const address: AcpAddress = {
    name: person,
    line1: destination.street_address,
    line2: destination.extended_address || null,
    city: destination.address_locality,
    state: destination.address_region ?? '',
    country: destination.address_country.toUpperCase(),
    postalCode: destination.postal_code,
  };
  return { name: person || null, email: null, phone: destination.phone_number ?? null, address };
}

/**
 * A create or update as the session layer takes it. Of the one shipping method, the destination sent
 * (the selected one, else the first) replaces the address; the group's `selected_option_id` picks the
 * option. A method sent without destinations keeps the address the checkout has.
 */
export function toSessionChanges(
  body: z.infer<typeof checkoutRequest>,
): SessionChanges & { items: NonNullable<SessionChanges['items']> } {
  const method = body.fulfillment?.methods[0];
  const destinations = method?.destinations ?? [];
  const destination =
    destinations.find((d) => d.id && d.id === method?.selected_destination_id) ?? destinations[0];
  const optionId = method?.groups?.[0]?.selected_option_id;
  return {
    items: body.line_items.map((line) => ({ id: line.item.id, quantity: line.quantity })),
    ...(body.buyer ? { buyer: toBuyer(body.buyer) } : {}),
    ...(destination ? { fulfillment: toFulfillment(destination) } : {}),
    ...(optionId ? { selectedOptionId: optionId } : {}),
  };
}

/** Card number fields of card_credential.json: a business that is not PCI scoped must never take them. */
const RAW_CARD_FIELDS = ['number', 'cvc', 'cryptogram'];

/** How the platform pays: a Shared Payment Token to charge, or Lightning on the invoice's payment page. */
export type UcpPayment = Extract<CompletePayment, { kind: 'card' }> | { kind: 'lightning' };

/**
 * The instrument to pay with: the selected one (or the only one), of the card handler carrying a Shared
 * Payment Token, or of the Lightning handler. Raw card credentials are refused before anything else looks
 * at them.
 */
export function toCompletePayment(body: z.infer<typeof completeRequest>): UcpPayment {
  const instruments = body.payment.instruments;
  const chosen =
    instruments.find((i) => i.selected) ?? (instruments.length === 1 ? instruments[0] : undefined);
  if (!chosen) {
    throw new UcpError(400, 'invalid_request', 'Mark the instrument to pay with as selected');
  }
  const credential = chosen.credential;
  if (credential && (credential.type === 'card' || RAW_CARD_FIELDS.some((field) => field in credential))) {
    throw new UcpError(
      400,
      'raw_card_refused',
      `Card numbers are not accepted; pay with a Stripe Shared Payment Token through the ${CARD_HANDLER.name} handler`,
    );
  }
  if (chosen.handler_id === LIGHTNING_HANDLER.id && chosen.type === LIGHTNING_HANDLER.instrumentType) {
    return { kind: 'lightning' };
  }
  if (chosen.handler_id !== CARD_HANDLER.id || chosen.type !== 'card') {
    throw new UcpError(
      400,
      'payment_handler_unsupported',
      `Pay with a card instrument of handler ${CARD_HANDLER.id} or a ${LIGHTNING_HANDLER.instrumentType} instrument of handler ${LIGHTNING_HANDLER.id}`,
    );
  }
  const token = credential?.type === CARD_HANDLER.credentialType ? credential.token : undefined;
  if (typeof token !== 'string' || !/^spt_[A-Za-z0-9_]{1,200}$/.test(token)) {
    throw new UcpError(400, 'invalid_credential', 'The credential must be {"type": "spt", "token": "spt_…"}');
  }
  return { kind: 'card', token };
}

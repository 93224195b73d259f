import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FailpointName } from '../lib/failpoint';
import {
  acpApi,
  agentApi,
  drillsSkipReason,
  expectKilledByFailpoint,
  freshDrillData,
  lightningInvoice,
  lightningInvoiceOf,
  mayDie,
  payInvoice,
  startApp,
  startWorld,
  storeOrdersByCheckout,
  stripeIntentsFor,
  type AppProcess,
  type DrillData,
  type World,
} from '../test/crash-drill-kit';
import { EVENTUALLY_MS } from '../test/eventually';
import { withStarts } from '../test/processes';

/**
 * An agent pays; the app dies with SIGKILL at a failpoint in the money path; it restarts on the same
 * database and recovers by itself. Afterwards the world holds exactly one charge (or one paid invoice)
 * and exactly one store order, and the agent's next confirm or complete tells it that order.
 */

const APP_PORT = 3125;
const WORLD_PORT = 4500;

type Rail = 'card' | 'lightning';
type Surface = 'agent API' | 'ACP';

// Every failpoint on each rail through the documented agent API; through ACP, the two states a crash
// can leave a session in (its checkout not yet settled, or settled with the order and no answer given).
const DRILLS: { rail: Rail; surface: Surface; failpoint: FailpointName }[] = [
  ...(['card.after-charge', 'settlement.after-commit', 'store-write.before'] as const).map((failpoint) => ({
    rail: 'card' as const,
    surface: 'agent API' as const,
    failpoint,
  })),
  ...(['lightning.after-paid', 'settlement.after-commit', 'store-write.before'] as const).map(
    (failpoint) => ({ rail: 'lightning' as const, surface: 'agent API' as const, failpoint }),
  ),
  { rail: 'card', surface: 'ACP', failpoint: 'card.after-charge' },
  { rail: 'card', surface: 'ACP', failpoint: 'settlement.after-commit' },
  { rail: 'lightning', surface: 'ACP', failpoint: 'lightning.after-paid' },
  { rail: 'lightning', surface: 'ACP', failpoint: 'settlement.after-commit' },
];

let world: World;
beforeAll(async () => {
  if (!drillsSkipReason) world = await startWorld(WORLD_PORT);
});
afterAll(async () => {
  await world?.stop();
});

/** Pays through `surface` on an app armed with `failpoint`; returns the checkout (and the ACP session). */
async function payAndCrash(app: AppProcess, data: DrillData, rail: Rail, surface: Surface) {
  if (surface === 'agent API') {
    const agent = agentApi(app);
    if (rail === 'card') {
      const checkoutId = await agent.cardCheckout(world);
      await mayDie(agent.confirm(checkoutId));
      return { checkoutId, sessionId: null };
    }
    const { checkoutId, invoiceId } = await agent.lightningCheckout();
    await payInvoice(world, invoiceId);
    await mayDie(agent.confirm(checkoutId));
    return { checkoutId, sessionId: null };
  }
  const acp = acpApi(app);
  const session = await acp.createSession();
  if (rail === 'card') {
    await mayDie(acp.completeWithCard(world, session));
  } else {
    await payInvoice(world, lightningInvoiceOf(session));
    await mayDie(acp.completeWithLightning(session));
  }
  const [row] = await data.query<{ checkout_id: string }>(
    'SELECT checkout_id FROM acp_sessions WHERE id = $1',
    [session.id],
  );
  return { checkoutId: row!.checkout_id, sessionId: session.id, session };
}

describe.skipIf(drillsSkipReason !== null)(
  drillsSkipReason ?? 'crash drills: SIGKILL in the money path, then recovery',
  () => {
    it.each(
      DRILLS.map(
        (drill) =>
          [`${drill.rail} through the ${drill.surface}, killed at ${drill.failpoint}`, drill] as const,
      ),
    )(
      '%s: one payment, one store order, the same answer',
      async (_title, { rail, surface, failpoint }) => {
        const data = await freshDrillData();
        let app: AppProcess | null = null;
        try {
          app = await startApp({ data, world, port: APP_PORT, failpoint });
          const paid = await payAndCrash(app, data, rail, surface);
          await expectKilledByFailpoint(app, failpoint);

          app = await startApp({ data, world, port: APP_PORT });
          // Recovery runs by itself (reconciliation, the settle job, the outbox): the store gets the order.
          await vi.waitFor(
            async () => expect((await storeOrdersByCheckout(world)).get(paid.checkoutId)).toBe(1),
            { timeout: EVENTUALLY_MS, interval: 250 },
          );
          const orders = await data.query<{ id: string; checkout_id: string; store_order_id: string | null }>(
            'SELECT id, checkout_id, store_order_id FROM orders',
          );
          expect(orders).toHaveLength(1);
          const [order] = orders;
          expect(order!.checkout_id).toBe(paid.checkoutId);

          // The agent asks again and learns the order its payment bought.
          if (surface === 'agent API') {
            const agent = agentApi(app);
            const next = await agent.confirm(paid.checkoutId, null);
            expect(next.status, JSON.stringify(next.body)).toBe(200);
            expect(next.body).toMatchObject({ status: 'ACCEPTED', order_id: order!.id });
            const again = await agent.confirm(paid.checkoutId, null);
            expect(again.status).toBe(409);
            expect(again.body).toMatchObject({
              error_code: 'CHECKOUT_ALREADY_PROCESSED',
              details: { status: 'ACCEPTED', order_id: order!.id },
            });
          } else {
            const acp = acpApi(app);
            const next =
              rail === 'card'
                ? await acp.completeWithCard(world, paid.session!)
                : await acp.completeWithLightning(paid.session!);
            expect(next.status, JSON.stringify(next.body)).toBe(200);
            expect(next.body).toMatchObject({ status: 'completed', order: { id: order!.id } });
          }

          // The world's ledgers: one payment, one store order, and the app knows that order.
          if (rail === 'card') {
            const intents = await stripeIntentsFor(world, paid.checkoutId);
            expect(intents.map((i) => i.status)).toEqual(['succeeded']);
          } else {
            const invoices = await data.query<{ provider_invoice_id: string; status: string }>(
              'SELECT provider_invoice_id, status FROM payments',
            );
            expect(invoices.map((p) => p.status)).toEqual(['succeeded']);
            expect((await lightningInvoice(world, invoices[0]!.provider_invoice_id)).status).toBe('paid');
          }
          await vi.waitFor(
            async () => {
              const [recorded] = await data.query<{ store_order_id: string | null }>(
                'SELECT store_order_id FROM orders',
              );
              expect(recorded!.store_order_id).not.toBeNull();
            },
            { timeout: EVENTUALLY_MS, interval: 250 },
          );
          expect((await storeOrdersByCheckout(world)).get(paid.checkoutId)).toBe(1);
        } finally {
          await app?.stop();
          await data.drop();
        }
      },
      withStarts(2, 120_000),
    );
  },
);

import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../app-context';
import { checkouts, merchants, payments } from '../../db/schema/index';
import { ProviderError } from '../../integrations/http';
import { isUuid } from '../../lib/ids';
import { rawBodyOf, registerRawBodyRoutes, SIGNED_RECEIVER_LIMIT } from '../../lib/raw-body';
import { CommerceError } from './commerce-error';
import { confirmBitcoin, type EngineDeps } from './confirm-checkout';
import { merchantLightningAccount } from './merchant-accounts';

/** Where a merchant's Lightning provider notifies us about its invoices. */
export function paymentWebhookUrl(publicUrl: string, provider: string, merchantId: string): string {
  return `${publicUrl}/webhooks/payments/${provider}/${merchantId}`;
}

/**
 * Lightning provider notifications: `/webhooks/payments/<provider>/<merchantId>`. The raw body is
 * verified with the merchant's own credentials, then the invoice is re-read from the provider (a
 * notification's content is never trusted) and settled through the same path as a confirm.
 */
export function registerPaymentWebhookRoutes(app: FastifyInstance, ctx: Pick<AppContext, 'engine'>) {
  const deps: EngineDeps = ctx.engine;
  registerRawBodyRoutes(app, 256 * 1024, (scope) => {
    scope.post<{ Params: { provider: string; merchantId: string } }>(
      '/webhooks/payments/:provider/:merchantId',
      { config: SIGNED_RECEIVER_LIMIT },
      async (request, reply) => {
        const { provider, merchantId } = request.params;
        if (!isUuid(merchantId)) return reply.status(404).send({ received: false });
        const [merchant] = await deps.db.select().from(merchants).where(eq(merchants.id, merchantId));
        if (!merchant || merchant.btcProvider !== provider)
          return reply.status(404).send({ received: false });
        let lightning;
        try {
          lightning = await merchantLightningAccount(deps, merchant);
        } catch {
          return reply.status(404).send({ received: false });
        }
        let notice;
        try {
          notice = await lightning.provider.parseWebhook(lightning.ctx, {
            rawBody: rawBodyOf(request),
            headers: request.headers,
          });
        } catch (err) {
          if (err instanceof ProviderError)
            return reply.status(err.kind === 'auth' ? 401 : 400).send({ received: false });
          throw err;
        }
        const [row] = await deps.db
          .select({ checkout: checkouts })
          .from(payments)
          .innerJoin(checkouts, eq(checkouts.id, payments.checkoutId))
          .where(
            and(
              eq(payments.merchantId, merchant.id),
              eq(payments.provider, provider),
              eq(payments.providerInvoiceId, notice.paymentId),
            ),
          );
        // Unknown invoices are acknowledged so the provider stops retrying; there is nothing to settle.
        if (!row) return { received: true };
        try {
          await confirmBitcoin(deps, merchant, row.checkout, { fromAgent: false });
        } catch (err) {
          if (!(err instanceof CommerceError)) throw err;
        }
        return { received: true };
      },
    );
  });
}

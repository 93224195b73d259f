import { eq } from 'drizzle-orm';
import type { AgentApplicationFacts } from '#common/api/agent-application';
import type { Db } from '../../db/client';
import { merchantIntegrations, users, type Merchant } from '../../db/schema/index';

/** What the application says about the merchant (the read-only facts of /agent/apply). */
export async function applicationFacts(
  db: Db,
  merchant: Merchant,
  publicUrl: string,
): Promise<AgentApplicationFacts> {
  const [[owner], stores] = await Promise.all([
    db.select({ email: users.email }).from(users).where(eq(users.id, merchant.userId)),
    db
      .select({ platform: merchantIntegrations.platform })
      .from(merchantIntegrations)
      .where(eq(merchantIntegrations.merchantId, merchant.id))
      .orderBy(merchantIntegrations.createdAt),
  ]);
  return {
    merchantName: merchant.name.trim() || null,
    storeUrl: merchant.storeUrl,
    // Each user owns one merchant: the owner's address is the merchant's contact.
    contactEmail: owner!.email,
    acpBaseUrl: `${publicUrl}/acp`,
    platformsConnected: stores.map((s) => s.platform),
    bitcoinEnabled: merchant.btcOpennodeEnabled,
  };
}

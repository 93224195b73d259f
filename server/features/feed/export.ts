import type { Merchant } from '../../db/schema/index';
import { AppError } from '../../lib/app-error';
import { merchantFeed, storeProblemOf, type FeedDeps } from './feed';
import { loadPushTarget, recordsOf } from './push';

/**
 * The feed as files for an agent's offline ingestion (`openapi.feed.yaml`): `metadata.json` is a
 * FeedMetadata, `products.jsonl` one Product per line, replacing the agent's whole product set.
 */
async function builtFeed(deps: FeedDeps, merchant: Merchant) {
  try {
    return await merchantFeed(deps, merchant);
  } catch (err) {
    const storeProblem = storeProblemOf(err);
    if (storeProblem) throw new AppError('unprocessable', storeProblem, { cause: err });
    throw err;
  }
}

/** The FeedMetadata of one country's feed: the agent's id for it once pushed, else this merchant's own. */
export async function exportMetadata(deps: FeedDeps, merchant: Merchant, country?: string) {
  const target = await loadPushTarget(deps.engine, merchant);
  const targetCountry = country ?? target.countries[0]!;
  const { at } = await builtFeed(deps, merchant);
  return {
    id:
      target.agentFeeds[targetCountry] ??
      `feed_${merchant.id.replaceAll('-', '').slice(0, 16)}_${targetCountry.toLowerCase()}`,
    target_country: targetCountry,
    updated_at: at.toISOString(),
  };
}

export async function exportProductsJsonl(deps: FeedDeps, merchant: Merchant): Promise<string> {
  const { feed } = await builtFeed(deps, merchant);
  return recordsOf(feed.products)
    .map((record) => `${JSON.stringify(record)}\n`)
    .join('');
}

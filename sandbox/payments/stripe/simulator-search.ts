import { invalidRequest } from './simulator-http';

// One clause of Stripe's search query language: metadata['key']:'value' (either quote; \ escapes).
const METADATA_CLAUSE = /^metadata\[(['"])((?:\\.|(?!\1).)+)\1\]:(['"])((?:\\.|(?!\3).)*)\3$/;
const unescape = (text: string) => text.replace(/\\(.)/g, '$1');

/**
 * Reads a `GET /v1/payment_intents/search` query made of metadata clauses joined by AND (the part of
 * Stripe's query language the adapter uses), as `[key, value]` pairs; anything else is refused with
 * Stripe's 400 for a query it cannot parse, so an adapter never relies on what the simulator ignores.
 */
export function metadataQuery(query: string): [key: string, value: string][] {
  return query
    .trim()
    .split(/\s+AND\s+/)
    .map((clause) => {
      const match = METADATA_CLAUSE.exec(clause);
      if (!match) {
        throw invalidRequest(
          `This simulator searches by metadata only (metadata['key']:'value', joined by AND); could not parse: ${clause}`,
          { param: 'query' },
        );
      }
      return [unescape(match[2]!), unescape(match[4]!)];
    });
}

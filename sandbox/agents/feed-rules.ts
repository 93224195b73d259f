/**
 * The field rules of ACP 2026-04-17 `schema.feed.json`, written out for the agent simulator (sandbox
 * code runs in the product's sandbox mode too, where the spec folder is not there to load). Each rule
 * names its fields' kinds, which are required, and refuses any other field, as the schema's
 * `additionalProperties: false` does. The tests check the simulator against the official schema itself.
 */
type Kind =
  'string' | 'integer' | 'minor' | 'number' | 'boolean' | 'uri' | 'currency' | 'country' | Rule | [Rule];
interface Rule {
  fields: Record<string, Kind>;
  required?: string[];
  /** Description: at least one field. */
  nonEmpty?: boolean;
  /** Condition: a list of strings. */
  strings?: true;
}

const price: Rule = { fields: { amount: 'minor', currency: 'currency' }, required: ['amount', 'currency'] };
const seller: Rule = {
  fields: {
    name: 'string',
    links: [{ fields: { type: 'string', title: 'string', url: 'uri' }, required: ['type', 'url'] }],
  },
};
const description: Rule = { fields: { plain: 'string', html: 'string', markdown: 'string' }, nonEmpty: true };
const media: Rule = {
  fields: { type: 'string', url: 'uri', alt_text: 'string', width: 'integer', height: 'integer' },
  required: ['type', 'url'],
};
const measure = (value: 'number' | 'integer'): Rule => ({
  fields: { value, unit: 'string' },
  required: ['value', 'unit'],
});

const variant: Rule = {
  fields: {
    id: 'string',
    title: 'string',
    description,
    url: 'uri',
    barcodes: [{ fields: { type: 'string', value: 'string' }, required: ['type', 'value'] }],
    price,
    list_price: price,
    unit_price: {
      fields: {
        amount: 'minor',
        currency: 'currency',
        measure: measure('number'),
        reference: measure('integer'),
      },
      required: ['amount', 'currency', 'measure', 'reference'],
    },
    availability: { fields: { available: 'boolean', status: 'string' } },
    categories: [{ fields: { value: 'string', taxonomy: 'string' }, required: ['value'] }],
    condition: { fields: {}, strings: true },
    variant_options: [{ fields: { name: 'string', value: 'string' }, required: ['name', 'value'] }],
    media: [media],
    seller,
    marketplace: seller,
  },
  required: ['id', 'title'],
};

export const FEED_PRODUCT: Rule = {
  fields: { id: 'string', title: 'string', description, url: 'uri', media: [media], variants: [variant] },
  required: ['id', 'variants'],
};
export const CREATE_FEED_REQUEST: Rule = { fields: { target_country: 'country' } };
export const UPSERT_PRODUCTS_REQUEST: Rule = { fields: { products: [FEED_PRODUCT] }, required: ['products'] };

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function kindProblem(kind: Kind, value: unknown, path: string): string | null {
  if (Array.isArray(kind)) {
    if (!Array.isArray(value)) return `${path} must be an array`;
    for (const [i, item] of value.entries()) {
      const problem = ruleProblem(kind[0], item, `${path}[${i}]`);
      if (problem) return problem;
    }
    return null;
  }
  if (typeof kind === 'object') return ruleProblem(kind, value, path);
  switch (kind) {
    case 'string':
      return typeof value === 'string' ? null : `${path} must be a string`;
    case 'boolean':
      return typeof value === 'boolean' ? null : `${path} must be a boolean`;
    case 'number':
      return typeof value === 'number' && Number.isFinite(value) ? null : `${path} must be a number`;
    case 'integer':
      return Number.isInteger(value) ? null : `${path} must be an integer`;
    case 'minor':
      return Number.isInteger(value) && (value as number) >= 0
        ? null
        : `${path} must be a whole amount in minor units, 0 or more`;
    case 'currency':
      return typeof value === 'string' && /^[A-Z]{3}$/.test(value)
        ? null
        : `${path} must be a three-letter ISO 4217 code`;
    case 'country':
      return typeof value === 'string' && /^[A-Z]{2}$/.test(value)
        ? null
        : `${path} must be an ISO 3166-1 alpha-2 code`;
    case 'uri':
      return typeof value === 'string' && URL.canParse(value) && !/\s/.test(value)
        ? null
        : `${path} must be an absolute URI`;
  }
}

/** The first way `value` breaks `rule`, as a sentence naming the field, or null when it follows it. */
export function ruleProblem(rule: Rule, value: unknown, path = '$'): string | null {
  if (rule.strings) {
    return Array.isArray(value) && value.every((v) => typeof v === 'string')
      ? null
      : `${path} must be an array of strings`;
  }
  if (!isObject(value)) return `${path} must be an object`;
  for (const field of rule.required ?? []) if (!(field in value)) return `${path}.${field} is required`;
  if (rule.nonEmpty && Object.keys(value).length === 0) return `${path} must have at least one field`;
  for (const [field, fieldValue] of Object.entries(value)) {
    const kind = rule.fields[field];
    if (!kind) return `${path}.${field} is not a field of this object`;
    const problem = kindProblem(kind, fieldValue, `${path}.${field}`);
    if (problem) return problem;
  }
  return null;
}

/** One request of the UAT collection, before it becomes a Postman item. */
export interface UatRequest {
  name: string;
  description: string;
  method: 'GET' | 'POST';
  /** After `{{base_url}}`; may hold `{{variables}}`. */
  path: string;
  headers?: Record<string, string>;
  /** Sent as JSON; `numberVariable(name)` stands for a variable sent as a JSON number. */
  body?: unknown;
  preRequest?: string[];
  tests: string[];
}

export interface UatFolder {
  name: string;
  description: string;
  requests: UatRequest[];
}

const NUMBER_MARK = '__uat_number__';

/** A JSON number taken from a collection variable (`"amount": {{payment_amount}}`). */
export const numberVariable = (name: string) => `${NUMBER_MARK}${name}`;

/** The request body as Postman sends it: JSON text whose `{{variables}}` are filled in at run time. */
export const rawJson = (body: unknown) =>
  JSON.stringify(body, null, 2).replace(new RegExp(`"${NUMBER_MARK}(\\w+)"`, 'g'), '{{$1}}');

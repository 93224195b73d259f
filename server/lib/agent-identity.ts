import { AGENT_NAME_MAX_LENGTH } from '#common/domain/sales-channel';

/**
 * The product name an agent's User-Agent starts with ("ChatGPT-User/1.0 (+https://openai.com/bot)" ->
 * "ChatGPT-User"), or null when it sends none. Only the first product token is kept, without its
 * version: versions would split one agent into many rows, and the comment part is free text an agent
 * controls. A letter or digit first, then letters, digits and . _ + - (the characters product names
 * use), at most 64: what is stored and later shown to the merchant is bounded and inert, in a page or a
 * spreadsheet alike.
 */
export function agentFromUserAgent(header: string | string[] | undefined): string | null {
  const value = Array.isArray(header) ? header[0] : header;
  const product = /^[A-Za-z0-9][\w.+-]*/.exec(value?.trim() ?? '');
  return product ? product[0].slice(0, AGENT_NAME_MAX_LENGTH) : null;
}

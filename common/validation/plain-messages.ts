import { z } from 'zod';

const withArticle = (noun: string) => (/^[aeiou]/.test(noun) ? `an ${noun}` : `a ${noun}`);

/** What a value is, as an error message names it: "a string", "an array", "null". */
function kindOf(value: unknown) {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return withArticle(typeof value);
}

/**
 * Default validation messages in plain words ("Required", "Expected a string, got a number"), for every
 * schema that does not give its own. Zod's defaults ("Invalid input: expected string, received
 * undefined") reached API callers and read like a stack trace. Messages a schema states (the spec's
 * user-facing strings) still win: zod prefers the schema's own message to this global one.
 */
export function usePlainValidationMessages() {
  z.config({
    customError: (issue) => {
      if (issue.code !== 'invalid_type') return undefined;
      if (issue.input === undefined) return 'Required';
      return `Expected ${withArticle(issue.expected)}, got ${kindOf(issue.input)}`;
    },
  });
}

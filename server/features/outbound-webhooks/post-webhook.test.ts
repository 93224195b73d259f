import { describe, expect, it } from 'vitest';
import { describeFailure } from './post-webhook';

const networkError = (code: string) =>
  new TypeError('fetch failed', { cause: Object.assign(new Error(code), { code }) });

describe('describeFailure', () => {
  it('says why an endpoint could not be reached in words, never as a bare error code', () => {
    expect(describeFailure('Your webhook endpoint', networkError('ENOTFOUND'))).toBe(
      'Could not reach your webhook endpoint: its address was not found (check the host name).',
    );
    expect(describeFailure('The agent endpoint', networkError('ECONNREFUSED'))).toBe(
      'Could not reach the agent endpoint: the server refused the connection (is it running?).',
    );
  });

  it('leaves out a code it has no words for', () => {
    expect(describeFailure('Your webhook endpoint', networkError('EWEIRD'))).toBe(
      'Could not reach your webhook endpoint.',
    );
  });
});

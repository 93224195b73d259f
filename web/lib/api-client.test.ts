import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { json } from '#web/test/fetch-stub';
import { ApiRequestError, apiRequest, UNEXPECTED_ANSWER_MESSAGE } from './api-client';

const answer = z.object({ id: z.string(), count: z.number() });

function answerWith(response: Response) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => response),
  );
}

describe('apiRequest', () => {
  it('returns the answer parsed with its contract', async () => {
    answerWith(json({ id: 'a', count: 2, extra: true }));
    await expect(apiRequest('/api/thing', { schema: answer })).resolves.toEqual({ id: 'a', count: 2 });
  });

  it('refuses an answer that breaks its contract, telling the person to refresh', async () => {
    answerWith(json({ id: 'a', count: 'two' }));
    const err = await apiRequest('/api/thing', { schema: answer }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiRequestError);
    expect(err).toMatchObject({ message: UNEXPECTED_ANSWER_MESSAGE, code: 'invalid_response' });
  });

  it("keeps the server's message and field messages on an error answer", async () => {
    answerWith(
      json({ error: { code: 'invalid_request', message: 'Bad', fieldErrors: { storeUrl: 'Nope' } } }, 400),
    );
    await expect(apiRequest('/api/thing', { body: {}, schema: answer })).rejects.toMatchObject({
      message: 'Bad',
      status: 400,
      code: 'invalid_request',
      fieldErrors: { storeUrl: 'Nope' },
    });
  });

  it('sends the extra headers it is given alongside the JSON content type', async () => {
    const fetchMock = vi.fn(async () => json({ id: 'a', count: 1 }));
    vi.stubGlobal('fetch', fetchMock);
    await apiRequest('/api/thing', { body: {}, headers: { 'x-request-id': 'req-1' }, schema: answer });
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/thing',
      expect.objectContaining({
        headers: { 'x-request-id': 'req-1', 'content-type': 'application/json' },
      }),
    );
  });

  it('says what to do when the server cannot be reached', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    await expect(apiRequest('/api/thing', { schema: answer })).rejects.toMatchObject({
      message: 'Could not reach the server. Check your connection and try again.',
      code: 'network',
    });
  });
});

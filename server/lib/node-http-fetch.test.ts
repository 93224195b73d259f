import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNodeHttpFetch } from './node-http-fetch';

interface Received {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
  remotePort: number;
}

/** A server that records what it was sent and answers by path. */
let server: Server;
let base: string;
const received: Received[] = [];
const ROUTES: Record<string, (res: ServerResponse) => void> = {
  '/json': (res) => {
    res.setHeader('content-type', 'application/json');
    res.setHeader('set-cookie', ['a=1', 'b=2']);
    res.end(JSON.stringify({ ok: true, text: 'café' }));
  },
  '/empty': (res) => res.writeHead(204).end(),
  '/redirect': (res) => res.writeHead(302, { location: 'http://169.254.169.254/' }).end(),
  '/slow': () => {},
  '/half': (res) => {
    res.writeHead(200, { 'content-length': '100' });
    res.write('only part');
    setTimeout(() => res.socket?.destroy(), 20);
  },
  '/huge': (res) => {
    res.writeHead(200);
    const chunk = Buffer.alloc(1024 * 1024, 'x');
    let sent = 0;
    const more = () => {
      while (sent < 12 && res.write(chunk)) sent += 1;
      if (sent < 12) res.once('drain', () => ((sent += 1), more()));
      else res.end();
    };
    more();
  },
};

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      received.push({
        method: req.method!,
        url: req.url!,
        headers: req.headers,
        body,
        remotePort: req.socket.remotePort!,
      });
      (ROUTES[req.url!.split('?')[0]!] ?? ((r: ServerResponse) => r.writeHead(404).end('nope')))(res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.closeAllConnections();
  server.close();
});

const last = () => received[received.length - 1]!;
const fetchOverHttp = createNodeHttpFetch();

describe('fetch over node:http', () => {
  it('sends a JSON body with its length and reads the answer as fetch does', async () => {
    const res = await fetchOverHttp(`${base}/json?x=1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({ amount: 1250 }),
    });
    expect(last()).toMatchObject({
      method: 'POST',
      url: '/json?x=1',
      body: '{"amount":1250}',
      headers: { 'content-type': 'application/json', 'content-length': '15', accept: 'application/json' },
    });
    expect(res.status).toBe(200);
    expect(res.ok).toBe(true);
    expect(res.headers.get('content-type')).toBe('application/json');
    expect(res.headers.getSetCookie()).toEqual(['a=1', 'b=2']);
    expect(await res.json()).toEqual({ ok: true, text: 'café' });
  });

  it('sends form bodies, Headers objects and Request inputs as fetch would', async () => {
    await fetchOverHttp(`${base}/json`, {
      method: 'post',
      headers: new Headers({ 'X-Trace': 't1' }),
      body: new URLSearchParams({ a: '1', b: 'x y' }),
    });
    expect(last()).toMatchObject({
      method: 'POST',
      body: 'a=1&b=x+y',
      headers: { 'x-trace': 't1', 'content-type': 'application/x-www-form-urlencoded;charset=UTF-8' },
    });
    await fetchOverHttp(
      new Request(`${base}/json`, { method: 'PUT', body: 'plain', headers: { 'x-a': 'b' } }),
    );
    expect(last()).toMatchObject({ method: 'PUT', body: 'plain', headers: { 'x-a': 'b' } });
    await fetchOverHttp(`${base}/json`, { method: 'POST', body: 'text' });
    expect(last().headers['content-type']).toBe('text/plain;charset=UTF-8');
  });

  it('keeps the connection for the next request', async () => {
    await fetchOverHttp(`${base}/json`);
    const first = last().remotePort;
    await fetchOverHttp(`${base}/json`);
    expect(last().remotePort).toBe(first);
  });

  it('answers a 204 without a body and a redirect as it is, without following it', async () => {
    const empty = await fetchOverHttp(`${base}/empty`);
    expect(empty.status).toBe(204);
    expect(empty.body).toBeNull();
    const before = received.length;
    const redirect = await fetchOverHttp(`${base}/redirect`, { redirect: 'manual' });
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get('location')).toBe('http://169.254.169.254/');
    expect(received.length).toBe(before + 1);
  });

  it('rejects with the signal reason when a timeout fires, before or during the answer', async () => {
    const slow = await fetchOverHttp(`${base}/slow`, { signal: AbortSignal.timeout(50) }).catch(
      (e: Error) => e,
    );
    expect((slow as Error).name).toBe('TimeoutError');
    const controller = new AbortController();
    controller.abort();
    const early = await fetchOverHttp(`${base}/json`, { signal: controller.signal }).catch((e: Error) => e);
    expect((early as Error).name).toBe('AbortError');
  });

  it('fails as a network error when the connection is refused, cut mid-answer or the answer is too large', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    for (const url of [`http://127.0.0.1:${port}/`, `${base}/half`, `${base}/huge`]) {
      const err = await fetchOverHttp(url).catch((e: Error) => e);
      expect(err, url).toBeInstanceOf(TypeError);
      expect((err as TypeError).message).toBe('fetch failed');
    }
  });

  it('refuses what its URL check refuses before sending anything', async () => {
    const guarded = createNodeHttpFetch({
      checkUrl: (url) => {
        throw new Error(`refused ${url}`);
      },
    });
    const before = received.length;
    await expect(guarded(`${base}/json`)).rejects.toThrow(/refused/);
    expect(received.length).toBe(before);
  });
});

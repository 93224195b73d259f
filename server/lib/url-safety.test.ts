import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { assertPublicUrlShape, createPublicOnlyFetch, isPrivateAddress } from './url-safety';

describe('merchant URL safety', () => {
  it.each([
    '10.1.2.3',
    '127.0.0.1',
    '169.254.169.254',
    '172.20.0.1',
    '192.168.1.1',
    '100.64.0.1',
    '::1',
    'fd00::1',
    'fe80::1',
    '::ffff:127.0.0.1',
    '0.0.0.0',
  ])('treats %s as private', (ip) => expect(isPrivateAddress(ip)).toBe(true));

  it.each(['8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '172.32.0.1'])('treats %s as public', (ip) =>
    expect(isPrivateAddress(ip)).toBe(false),
  );

  it('refuses private literals, odd schemes, embedded credentials and local names', () => {
    for (const url of [
      'http://127.0.0.1/',
      'https://[::1]/',
      'ftp://shop.example',
      'https://user:pw@shop.example',
      'https://printer.local/',
      'https://localhost:8080',
    ]) {
      expect(() => assertPublicUrlShape(url), url).toThrow();
    }
    expect(assertPublicUrlShape('https://shop.example.com/store').hostname).toBe('shop.example.com');
  });

  it('refuses at connect time a hostname that resolves to loopback, even with a server listening there', async () => {
    const server = createServer((_req, res) => res.end('internal secrets'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      // A public-looking name whose DNS answer is loopback (what a rebinding attacker arranges).
      const resolve = (
        _host: string,
        _opts: object,
        cb: (err: null, addresses: { address: string; family: number }[]) => void,
      ) => cb(null, [{ address: '127.0.0.1', family: 4 }]);
      const err = await createPublicOnlyFetch({ resolve })(`http://shop.example:${port}/`).then(
        () => null,
        (e: unknown) => e as Error & { cause?: Error },
      );
      expect(err).not.toBeNull();
      expect(String(err?.cause?.message ?? err?.message)).toMatch(/private network/);
      // The server is really there: the refusal above is the guard's doing.
      expect(await (await fetch(`http://127.0.0.1:${port}/`)).text()).toBe('internal secrets');
    } finally {
      server.close();
    }
  });
});

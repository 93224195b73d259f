import { createServer } from 'node:http';
import { isIP, type AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { assertPublicUrlShape, createPublicOnlyFetch, isPrivateAddress } from './url-safety';

/** Every form of a non-public address, with what it is; issue 28's five (that passed the old check) first. */
const REFUSED: [address: string, form: string][] = [
  ['::127.0.0.1', 'IPv4-compatible loopback (issue 28)'],
  ['64:ff9b::7f00:1', 'NAT64 of loopback (issue 28)'],
  ['2002:7f00:1::', '6to4 of loopback (issue 28)'],
  ['::ffff:0:7f00:1', 'IPv4-translated loopback (issue 28)'],
  ['fec0::1', 'site-local (issue 28)'],
  ['127.0.0.1', 'loopback'],
  ['127.255.255.254', 'loopback, end of the block'],
  ['10.1.2.3', 'private'],
  ['172.16.0.1', 'private'],
  ['172.31.255.255', 'private'],
  ['192.168.1.1', 'private'],
  ['100.64.0.1', 'carrier-grade NAT'],
  ['100.127.255.254', 'carrier-grade NAT'],
  ['169.254.169.254', 'link-local (cloud metadata)'],
  ['0.0.0.0', 'unspecified'],
  ['0.1.2.3', '"this network"'],
  ['224.0.0.1', 'multicast'],
  ['239.255.255.250', 'multicast'],
  ['255.255.255.255', 'broadcast'],
  ['240.0.0.1', 'reserved'],
  ['192.0.0.8', 'IETF protocol assignments'],
  ['192.0.2.1', 'documentation'],
  ['198.18.0.1', 'benchmarking'],
  ['::1', 'IPv6 loopback'],
  ['::', 'IPv6 unspecified'],
  ['fe80::1', 'IPv6 link-local'],
  ['fe80::1%eth0', 'IPv6 link-local with a zone'],
  ['fc00::1', 'unique local'],
  ['fd12:3456:789a::1', 'unique local'],
  ['fec0:0:0:ffff::1', 'site-local'],
  ['ff02::1', 'IPv6 multicast'],
  ['::ffff:127.0.0.1', 'IPv4-mapped loopback'],
  ['::ffff:7f00:1', 'IPv4-mapped loopback, in hex'],
  ['::ffff:10.0.0.1', 'IPv4-mapped private'],
  ['::ffff:169.254.169.254', 'IPv4-mapped metadata address'],
  ['::ffff:100.64.0.1', 'IPv4-mapped carrier-grade NAT'],
  ['::7f00:1', 'IPv4-compatible loopback, in hex'],
  ['::10.0.0.1', 'IPv4-compatible private'],
  ['::8.8.8.8', 'IPv4-compatible (deprecated), even of a public address'],
  ['::ffff:0:10.0.0.1', 'IPv4-translated private'],
  ['64:ff9b::10.0.0.1', 'NAT64 of a private address'],
  ['64:ff9b::a9fe:a9fe', 'NAT64 of the metadata address'],
  ['64:ff9b:1::a00:1', 'local-use NAT64'],
  ['64:ff9b:1:ffff::808:808', 'local-use NAT64, even of a public address'],
  ['2002:a00:1::1', '6to4 of a private address'],
  ['2002:a9fe:a9fe::', '6to4 of the metadata address'],
  ['2001::1', 'Teredo'],
  ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'Teredo'],
  ['2001:db8::1', 'IPv6 documentation'],
  ['100::1', 'IPv6 discard'],
  ['not-an-address', 'not an address'],
  ['', 'empty'],
];

/** Public addresses, including IPv6 forms that reach a public IPv4 address. */
const PUBLIC: [address: string, form: string][] = [
  ['8.8.8.8', 'public IPv4'],
  ['1.1.1.1', 'public IPv4'],
  ['172.32.0.1', 'just past 172.16.0.0/12'],
  ['100.128.0.1', 'just past carrier-grade NAT'],
  ['192.169.0.1', 'just past 192.168.0.0/16'],
  ['2606:4700:4700::1111', 'public IPv6'],
  ['2001:4860:4860::8888', 'public IPv6'],
  ['::ffff:8.8.8.8', 'IPv4-mapped public'],
  ['64:ff9b::808:808', 'NAT64 of a public address (DNS64)'],
  ['2002:808:808::1', '6to4 of a public address'],
];

describe('merchant URL safety', () => {
  it.each(REFUSED)('treats %s (%s) as private', (address) => expect(isPrivateAddress(address)).toBe(true));

  it.each(PUBLIC)('treats %s (%s) as public', (address) => expect(isPrivateAddress(address)).toBe(false));

  it.each(REFUSED.filter(([address]) => address.includes(':') && !address.includes('%')))(
    'refuses the literal host [%s] (%s) in a URL',
    (address) => {
      expect(() => assertPublicUrlShape(`https://[${address}]/hook`)).toThrow(
        'This address is on a private network',
      );
    },
  );

  it('refuses private literals in any IPv4 spelling, odd schemes, embedded credentials and local names', () => {
    for (const url of [
      'http://127.0.0.1/',
      'http://127.1/',
      'http://0x7f.1/',
      'http://2130706433/',
      'http://017700000001/',
      'http://0/',
      'http://100.64.1.1/',
      'https://[::1]/',
      'ftp://shop.example',
      'https://user:pw@shop.example',
      'https://printer.local/',
      'https://localhost:8080',
      'https://localhost./',
      'https://api.localhost/',
      'https://metadata.google.internal/',
    ]) {
      expect(() => assertPublicUrlShape(url), url).toThrow();
    }
    expect(assertPublicUrlShape('https://shop.example.com/store').hostname).toBe('shop.example.com');
    expect(assertPublicUrlShape('https://8.8.8.8/hook').hostname).toBe('8.8.8.8');
    expect(assertPublicUrlShape('https://[2606:4700:4700::1111]/hook').hostname).toBe(
      '[2606:4700:4700::1111]',
    );
  });

  it.each(REFUSED.filter(([address]) => isIP(address) !== 0))(
    'refuses at connect time a hostname that resolves to %s (%s)',
    async (address) => {
      const resolve = (
        _host: string,
        _opts: object,
        cb: (err: null, addresses: { address: string; family: number }[]) => void,
      ) => cb(null, [{ address, family: isIP(address) }]);
      const err = await createPublicOnlyFetch({ resolve })('http://shop.example:9/').then(
        () => null,
        (e: unknown) => e as Error & { cause?: Error & { code?: string } },
      );
      expect(err?.cause?.code).toBe('EPRIVATE');
    },
  );

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

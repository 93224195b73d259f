import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scaffoldProvider } from '../../scripts/new-provider';

/**
 * docs/adding-a-provider.md, proven: in a temporary copy of the project, scaffold a payment provider and
 * a store platform (each an adapter folder and its simulator's folder), add only their registry lines, and find them in every registry-derived list with the
 * project still typechecking. The copy is removed afterwards.
 */
const repo = path.resolve(import.meta.dirname, '../..');
const COPIED = ['server', 'sandbox', 'common', 'scripts', 'package.json', 'tsconfig.json'];
const ADDED = { payments: 'zzpay', stores: 'zzshop' } as const;

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { recursive: true, withFileTypes: true }).flatMap((entry) => {
    if (!entry.isFile()) return [];
    return [path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/')];
  });
}

function addRegistryLine(root: string, family: 'payments' | 'stores', id: string) {
  const file = path.join(root, 'server/integrations', family, 'registry.ts');
  const object = family === 'payments' ? 'paymentProviders' : 'storePlatforms';
  const text = fs.readFileSync(file, 'utf8');
  fs.writeFileSync(
    file,
    `import { ${id} } from './${id}/index';\n${text.replace(`export const ${object} = {\n`, `export const ${object} = {\n  ${id},\n`)}`,
  );
}

// A ceiling, not a budget: a whole-project tsc takes about 30 s on a quiet machine and three minutes
// with a loaded one's CPU shared many ways.
describe('adding a provider is its folder plus one registry line', { timeout: 600_000 }, () => {
  let copy: string;
  beforeAll(() => {
    copy = fs.mkdtempSync(path.join(os.tmpdir(), 'agentcart-new-provider-'));
    for (const entry of COPIED) {
      fs.cpSync(path.join(repo, entry), path.join(copy, entry), {
        recursive: true,
        filter: (source) => !source.includes(`${path.sep}node_modules`),
      });
    }
    fs.symlinkSync(path.join(repo, 'node_modules'), path.join(copy, 'node_modules'), 'dir');
    for (const [family, id] of Object.entries(ADDED) as [keyof typeof ADDED, string][]) {
      scaffoldProvider(copy, family, id);
      addRegistryLine(copy, family, id);
    }
  });
  afterAll(() => {
    if (copy) fs.rmSync(copy, { recursive: true, force: true });
  });

  it('touches nothing outside the new folders but the two registries', () => {
    const changed = ['server', 'sandbox']
      .flatMap((top) => filesUnder(path.join(copy, top)).map((file) => `${top}/${file}`))
      .filter((file) => {
        const original = path.join(repo, file);
        return (
          !fs.existsSync(original) ||
          !fs.readFileSync(original).equals(fs.readFileSync(path.join(copy, file)))
        );
      });
    expect(
      changed.filter(
        (file) => !/^(server\/integrations|sandbox)\/(payments\/zzpay|stores\/zzshop)\//.test(file),
      ),
    ).toEqual(['server/integrations/payments/registry.ts', 'server/integrations/stores/registry.ts']);
  });

  it('finds the new provider and platform in every list the registries drive', () => {
    const probe = `
      import { lightningProviderIdSchema, paymentMethodNameSchema, paymentProviders } from './server/integrations/payments/registry';
      import { storeApiBase, storePlatformIdSchema } from './server/integrations/stores/registry';
      import { simulatorDefinitions } from './sandbox/start-simulators';
      const SIMULATORS = await simulatorDefinitions();
      const simulator = await SIMULATORS.zzpay!.create({});
      const sim = (await simulator.app.inject({ method: 'GET', url: '/__sim' })).json();
      console.log(JSON.stringify({
        lightningIds: lightningProviderIdSchema.options,
        methods: paymentMethodNameSchema.options,
        paymentApiBase: paymentProviders.zzpay.manifest.apiBase({}),
        platformIds: storePlatformIdSchema.options,
        storeApiBase: storeApiBase('zzshop', {}),
        simulatorHosts: { zzpay: SIMULATORS.zzpay!.hosts, zzshop: SIMULATORS.zzshop!.hosts },
        sandboxCredentials: sim.credentials,
      }));
    `;
    fs.writeFileSync(path.join(copy, 'probe.ts'), probe);
    const out = execFileSync(process.execPath, ['--import', 'tsx', 'probe.ts'], {
      cwd: copy,
      encoding: 'utf8',
    });
    const derived = JSON.parse(out.trim().split('\n').at(-1)!);
    expect(derived.lightningIds).toContain('zzpay');
    expect(derived.methods).toContain('btc_zzpay');
    expect(derived.paymentApiBase).toBe('https://api.zzpay.example');
    expect(derived.platformIds).toContain('zzshop');
    expect(derived.storeApiBase).toBe('https://api.zzshop.example');
    expect(derived.simulatorHosts).toEqual({ zzpay: ['api.zzpay.example'], zzshop: ['api.zzshop.example'] });
    expect(derived.sandboxCredentials).toEqual({ apiKey: 'zzpay_sandbox_key' });
    fs.rmSync(path.join(copy, 'probe.ts'));
  });

  it('still typechecks, the scaffolded contract suites included', () => {
    fs.writeFileSync(
      path.join(copy, 'tsconfig.check.json'),
      JSON.stringify({
        extends: './tsconfig.json',
        // The app as it starts, the sandbox, and the new folders' tests: everything a provider reaches.
        // Ambient module declarations reach no file by import, so they are listed here.
        include: ['server/**/*.d.ts'],
        files: [
          'server/main.ts',
          'sandbox/start-simulators.ts',
          'server/integrations/payments/zzpay/zzpay.test.ts',
          'server/integrations/stores/zzshop/zzshop.test.ts',
        ],
      }),
    );
    const tsc = path.join(repo, 'node_modules/typescript/bin/tsc');
    expect(() =>
      execFileSync(process.execPath, [tsc, '--noEmit', '-p', 'tsconfig.check.json'], {
        cwd: copy,
        encoding: 'utf8',
      }),
    ).not.toThrow();
  });
});

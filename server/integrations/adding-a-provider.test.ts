import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scaffoldProvider } from '../../scripts/new-provider';

/**
 * docs/adding-a-provider.md, proven: in a temporary copy of the project, scaffold a payment provider and
 * a store platform (each an adapter folder and its simulator's folder), add only their registry lines,
 * and find them in every registry-derived list with the project still typechecking. The Lightning
 * provider is then made live in its own folder, and every feature that names providers (discovery, the
 * status page, the settings form, the sandbox's pay action, the application bundle) picks it up. The
 * copy is removed afterwards.
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

/** What a provider's author does once its adapter is real: offer it. Only its own folder changes. */
function goLive(root: string, id: string) {
  const file = path.join(root, 'server/integrations/payments', id, 'index.ts');
  const text = fs.readFileSync(file, 'utf8');
  expect(text).toContain("availability: 'coming_soon'");
  fs.writeFileSync(file, text.replace("availability: 'coming_soon'", "availability: 'live'"));
}

function runProbe(root: string, probe: string) {
  fs.writeFileSync(path.join(root, 'probe.ts'), probe);
  try {
    const out = execFileSync(process.execPath, ['--import', 'tsx', 'probe.ts'], {
      cwd: root,
      encoding: 'utf8',
    });
    return JSON.parse(out.trim().split('\n').at(-1)!);
  } finally {
    fs.rmSync(path.join(root, 'probe.ts'));
  }
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
    const derived = runProbe(copy, probe);
    expect(derived.lightningIds).toContain('zzpay');
    expect(derived.methods).toContain('btc_zzpay');
    expect(derived.paymentApiBase).toBe('https://api.zzpay.example');
    expect(derived.platformIds).toContain('zzshop');
    expect(derived.storeApiBase).toBe('https://api.zzshop.example');
    expect(derived.simulatorHosts).toEqual({ zzpay: ['api.zzpay.example'], zzshop: ['api.zzshop.example'] });
    expect(derived.sandboxCredentials).toEqual({ apiKey: 'zzpay_sandbox_key' });
  });

  it('once live, the provider is in discovery, the status checks, its settings form, the sandbox pay action and the bundle', () => {
    goLive(copy, ADDED.payments);
    const probe = `
      import { bitcoinSettingsSchema } from './common/validation/bitcoin-settings';
      import { platformDiscovery } from './server/features/discovery/platform-discovery';
      import { healthProbes } from './server/features/status/routes';
      import { paymentProviderForms } from './server/features/connections/list-connections';
      import { bitcoinInApplicationBundle, credentialsMessage } from './server/features/connections/payment-connections';
      import { sandboxPayControl } from './server/features/agent-tests/sandbox-payments';
      const discovery = platformDiscovery({ publicUrl: 'https://agentcart.example', mode: 'live', served: [] });
      const form = paymentProviderForms().find((p) => p.id === 'zzpay')!;
      const formCheck = bitcoinSettingsSchema(form).safeParse({ credentials: { apiKey: '' }, expiryMins: 15 });
      console.log(JSON.stringify({
        discovery: discovery.payment_methods.find((m) => m.id === 'bitcoin_lightning')!.providers,
        probes: healthProbes(),
        form,
        formMessage: formCheck.success ? null : formCheck.error.issues[0]!.message,
        serverMessage: credentialsMessage('zzpay', {}),
        payControl: sandboxPayControl('zzpay', 'inv_1'),
        inBundle: bitcoinInApplicationBundle('zzpay', true),
      }));
    `;
    const facts = runProbe(copy, probe);
    expect(facts.discovery).toContain('zzpay');
    expect(facts.probes).toContainEqual({ id: 'zzpay', url: 'https://api.zzpay.example/' });
    expect(facts.form).toMatchObject({
      name: 'Zzpay',
      availability: 'live',
      healthChecked: true,
      missingCredentialsMessage: 'Please enter your Zzpay API key',
      paymentMethod: { name: 'btc_zzpay', label: 'Lightning (Zzpay)' },
    });
    expect(facts.formMessage).toBe('Please enter your Zzpay API key');
    expect(facts.serverMessage).toBe('Please enter your Zzpay API key');
    expect(facts.payControl).toBe('invoices/inv_1/pay');
    expect(facts.inBundle).toBe(true);
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

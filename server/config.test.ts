import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const tempDir = () => mkdtempSync(path.join(tmpdir(), 'agentcart-config-'));

describe('configuration', () => {
  it('runs sandbox with no variables, creating and keeping its secrets', () => {
    const dataDir = tempDir();
    const first = loadConfig({ DATA_DIR: dataDir });
    expect(first).toMatchObject({ mode: 'sandbox', port: 3000, publicUrl: 'http://localhost:3000' });
    expect(first.keyring.current.key).toHaveLength(32);
    const second = loadConfig({ DATA_DIR: dataDir });
    expect(second.authSecret).toBe(first.authSecret);
    expect(second.keyring.current.id).toBe(first.keyring.current.id);
    const secrets = JSON.parse(readFileSync(path.join(dataDir, 'secrets.json'), 'utf8'));
    expect(secrets.authSecret).toBe(first.authSecret);
  });

  it('refuses live mode without its secrets, naming each one', () => {
    try {
      loadConfig({ APP_MODE: 'live', DATA_DIR: tempDir() });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const names = (err as ConfigError).problems.map((p) => p.split(' ')[0]);
      expect(names).toEqual(['DATABASE_URL', 'PUBLIC_URL', 'AUTH_SECRET', 'ENCRYPTION_KEY']);
    }
  });

  it('starts live mode when everything is provided, and writes nothing to disk', () => {
    const config = loadConfig({
      APP_MODE: 'live',
      DATA_DIR: path.join(tempDir(), 'never-created'),
      DATABASE_URL: 'postgres://db.internal:5432/agentcart',
      PUBLIC_URL: 'https://pay.example.com/',
      AUTH_SECRET: 'x'.repeat(40),
      ENCRYPTION_KEY: 'ab'.repeat(32),
    });
    expect(config).toMatchObject({ mode: 'live', host: '0.0.0.0', publicUrl: 'https://pay.example.com' });
  });

  it('refuses live billing without its prices and webhook secret, and reads them when given', () => {
    const live = {
      APP_MODE: 'live',
      DATA_DIR: path.join(tempDir(), 'never-created'),
      DATABASE_URL: 'postgres://db.internal:5432/agentcart',
      PUBLIC_URL: 'https://pay.example.com/',
      AUTH_SECRET: 'x'.repeat(40),
      ENCRYPTION_KEY: 'ab'.repeat(32),
    };
    expect(loadConfig(live).billing).toBeNull();
    try {
      loadConfig({ ...live, STRIPE_SECRET_KEY: 'sk_live_platform', STRIPE_PRICE_GROWTH_GBP: 'price_g' });
      expect.unreachable();
    } catch (err) {
      const names = (err as ConfigError).problems.map((p) => p.split(' ')[0]);
      expect(names).toContain('STRIPE_BILLING_WEBHOOK_SECRET');
      expect(names).toContain('STRIPE_PRICE_OVERAGE_USD');
      expect(names).not.toContain('STRIPE_PRICE_GROWTH_GBP');
    }
    const prices = Object.fromEntries(
      ['GROWTH', 'SCALE', 'OVERAGE'].flatMap((p) =>
        ['GBP', 'EUR', 'USD'].map((c) => [`STRIPE_PRICE_${p}_${c}`, `price_${p}_${c}`.toLowerCase()]),
      ),
    );
    const config = loadConfig({
      ...live,
      ...prices,
      STRIPE_SECRET_KEY: 'sk_live_platform',
      STRIPE_BILLING_WEBHOOK_SECRET: 'whsec_billing',
    });
    expect(config.billing).toMatchObject({
      secretKey: 'sk_live_platform',
      webhookSecret: 'whsec_billing',
      planPrices: { growth: { EUR: 'price_growth_eur' }, scale: { USD: 'price_scale_usd' } },
      overagePrices: { GBP: 'price_overage_gbp' },
      overageMeterEventName: 'agent_order_overage',
    });
  });

  it('points a sandbox at a world process with SANDBOX_WORLD_URL, and refuses it in live mode', () => {
    expect(loadConfig({ DATA_DIR: tempDir(), SANDBOX_WORLD_URL: 'http://127.0.0.1:4400/' })).toMatchObject({
      sandboxWorldUrl: 'http://127.0.0.1:4400',
      sandboxWorldPort: 4400,
    });
    expect(() =>
      loadConfig({
        APP_MODE: 'live',
        DATA_DIR: path.join(tempDir(), 'never-created'),
        DATABASE_URL: 'postgres://db.internal:5432/agentcart',
        PUBLIC_URL: 'https://pay.example.com/',
        AUTH_SECRET: 'x'.repeat(40),
        ENCRYPTION_KEY: 'ab'.repeat(32),
        SANDBOX_WORLD_URL: 'http://127.0.0.1:4400',
      }),
    ).toThrow(/SANDBOX_WORLD_URL is sandbox only/);
  });

  it('refuses an encryption key that is not 32 bytes, saying it must be 32 bytes', () => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), ENCRYPTION_KEY: 'abcd' })).toThrow(
      /Encryption key must be 32 bytes/,
    );
  });

  it('keeps previous keys readable for rotation', () => {
    const config = loadConfig({
      DATA_DIR: tempDir(),
      ENCRYPTION_KEY: 'ab'.repeat(32),
      ENCRYPTION_KEY_PREVIOUS: 'cd'.repeat(32),
    });
    expect(config.keyring.previous).toHaveLength(1);
    expect(() => loadConfig({ DATA_DIR: tempDir(), ENCRYPTION_KEY_PREVIOUS: 'short' })).toThrow(
      /ENCRYPTION_KEY_PREVIOUS/,
    );
  });

  it('names bad values', () => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATA_DIR: tempDir(), APP_MODE: 'staging' })).toThrow(/APP_MODE/);
  });

  it('keeps production recovery timing unless told otherwise', () => {
    expect(loadConfig({ DATA_DIR: tempDir() }).recovery).toEqual({
      confirmLeaseMs: 180_000,
      storeWriteLeaseMs: 60_000,
      reconcileIntervalSeconds: null,
      settleIntervalSeconds: null,
    });
    const drill = loadConfig({
      DATA_DIR: tempDir(),
      CONFIRM_LEASE_SECONDS: '2',
      PROVIDER_TIMEOUT_MS: '2500',
      STORE_WRITE_LEASE_SECONDS: '3',
      RECONCILE_INTERVAL_SECONDS: '1',
      SETTLE_INTERVAL_SECONDS: '1',
    });
    expect(drill.recovery).toEqual({
      confirmLeaseMs: 2000,
      storeWriteLeaseMs: 3000,
      reconcileIntervalSeconds: 1,
      settleIntervalSeconds: 1,
    });
    expect(() => loadConfig({ DATA_DIR: tempDir(), CONFIRM_LEASE_SECONDS: '0' })).toThrow(
      /CONFIRM_LEASE_SECONDS/,
    );
  });

  it('refuses a store-write lease that would end while its writer still waits on the store', () => {
    expect(() => loadConfig({ DATA_DIR: tempDir(), STORE_WRITE_LEASE_SECONDS: '3' })).toThrow(
      /STORE_WRITE_LEASE_SECONDS \(3\) must be longer than the store timeout/,
    );
    expect(() =>
      loadConfig({ DATA_DIR: tempDir(), STORE_WRITE_LEASE_SECONDS: '10', PROVIDER_TIMEOUT_MS: '10000' }),
    ).toThrow(/STORE_WRITE_LEASE_SECONDS/);
    expect(
      loadConfig({ DATA_DIR: tempDir(), STORE_WRITE_LEASE_SECONDS: '11' }).recovery.storeWriteLeaseMs,
    ).toBe(11_000);
  });

  it('arms a crash-drill failpoint in sandbox only, and only one it knows', () => {
    expect(loadConfig({ DATA_DIR: tempDir(), AGENTCART_FAILPOINT: 'card.after-charge' }).failpoint).toBe(
      'card.after-charge',
    );
    expect(() => loadConfig({ DATA_DIR: tempDir(), AGENTCART_FAILPOINT: 'card.after-chrage' })).toThrow(
      /AGENTCART_FAILPOINT/,
    );
    try {
      loadConfig({
        APP_MODE: 'live',
        DATA_DIR: path.join(tempDir(), 'never-created'),
        DATABASE_URL: 'postgres://db.internal:5432/agentcart',
        PUBLIC_URL: 'https://pay.example.com/',
        AUTH_SECRET: 'x'.repeat(40),
        ENCRYPTION_KEY: 'ab'.repeat(32),
        AGENTCART_FAILPOINT: 'settlement.after-commit',
      });
      expect.unreachable();
    } catch (err) {
      expect((err as ConfigError).problems).toEqual([
        'AGENTCART_FAILPOINT is for crash drills only; live mode refuses it (unset it)',
      ]);
    }
  });

  it('treats empty strings as unset', () => {
    expect(loadConfig({ DATA_DIR: tempDir(), PORT: '', APP_MODE: '' })).toMatchObject({
      port: 3000,
      mode: 'sandbox',
    });
  });

  describe('the phone factor (codes by SMS through Twilio)', () => {
    const live = {
      APP_MODE: 'live',
      DATA_DIR: path.join(tempDir(), 'never-created'),
      DATABASE_URL: 'postgres://db.internal:5432/agentcart',
      PUBLIC_URL: 'https://pay.example.com/',
      AUTH_SECRET: 'x'.repeat(40),
      ENCRYPTION_KEY: 'ab'.repeat(32),
    };
    const problemsOf = (env: Record<string, string>) => {
      try {
        loadConfig(env);
      } catch (err) {
        return (err as ConfigError).problems;
      }
      return [];
    };

    it('is on in sandbox (the simulator sends) unless turned off, and off in live unless turned on', () => {
      expect(loadConfig({ DATA_DIR: tempDir() })).toMatchObject({ phoneFactor: true, twilio: null });
      expect(loadConfig({ DATA_DIR: tempDir(), PHONE_FACTOR: 'off' }).phoneFactor).toBe(false);
      expect(loadConfig(live)).toMatchObject({ phoneFactor: false, twilio: null });
    });

    it('refuses to start live with it on but no Twilio account, naming each variable', () => {
      const names = problemsOf({ ...live, PHONE_FACTOR: 'on' }).map((p) => p.split(' ')[0]);
      expect(names).toEqual(['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_FROM_NUMBER']);
      const misshapen = problemsOf({
        ...live,
        PHONE_FACTOR: 'on',
        TWILIO_ACCOUNT_SID: 'not-a-sid',
        TWILIO_AUTH_TOKEN: 'token',
        TWILIO_FROM_NUMBER: '07700 900123',
      });
      expect(misshapen.map((p) => p.split(':')[0])).toEqual(['TWILIO_ACCOUNT_SID', 'TWILIO_FROM_NUMBER']);
      expect(misshapen.join('\n')).not.toContain('token');
    });

    it('reads the account and the sender (a number or a Messaging Service) when given', () => {
      const account = {
        ...live,
        PHONE_FACTOR: 'on',
        TWILIO_ACCOUNT_SID: `AC${'a1'.repeat(16)}`,
        TWILIO_AUTH_TOKEN: 'secret-token',
      };
      expect(loadConfig({ ...account, TWILIO_FROM_NUMBER: '+15017122661' }).twilio).toEqual({
        accountSid: `AC${'a1'.repeat(16)}`,
        authToken: 'secret-token',
        sender: { from: '+15017122661' },
      });
      expect(
        loadConfig({ ...account, TWILIO_MESSAGING_SERVICE_SID: `MG${'b2'.repeat(16)}` }).twilio?.sender,
      ).toEqual({ messagingServiceSid: `MG${'b2'.repeat(16)}` });
    });
  });

  describe('a sandbox beyond loopback (SANDBOX_ACCESS_SECRET, docs/decisions/034)', () => {
    const secret = 'a-sandbox-access-secret-of-32-characters';
    const problemsOf = (env: Record<string, string>) => {
      try {
        loadConfig({ DATA_DIR: tempDir(), ...env });
      } catch (err) {
        return (err as ConfigError).problems;
      }
      return [];
    };

    it.each(['0.0.0.0', '::', '192.168.1.20', '[fe80::1]', 'sandbox.example.com', '127.1'])(
      'refuses HOST=%s without an access secret, saying what to do',
      (host) => {
        const [problem, ...others] = problemsOf({ HOST: host });
        expect(others).toEqual([]);
        expect(problem).toContain(`HOST=${host} is not a loopback address`);
        expect(problem).toContain('/__sim/mail');
        expect(problem).toContain('Set SANDBOX_ACCESS_SECRET to a random secret of 32+ characters');
        expect(problem).toContain('or unset HOST to listen on 127.0.0.1 only');
      },
    );

    it.each(['127.0.0.1', '127.8.9.10', '::1', '[::1]', '::ffff:127.0.0.1', 'localhost', 'LocalHost'])(
      'needs no secret on the loopback address %s',
      (host) => {
        expect(loadConfig({ DATA_DIR: tempDir(), HOST: host })).toMatchObject({
          host,
          sandboxAccessSecret: undefined,
        });
      },
    );

    it('listens anywhere with a secret of 32+ characters, and refuses a shorter one or one in live mode', () => {
      expect(loadConfig({ DATA_DIR: tempDir() })).toMatchObject({
        host: '127.0.0.1',
        sandboxAccessSecret: undefined,
      });
      expect(
        loadConfig({ DATA_DIR: tempDir(), HOST: '0.0.0.0', SANDBOX_ACCESS_SECRET: secret }),
      ).toMatchObject({
        host: '0.0.0.0',
        sandboxAccessSecret: secret,
      });
      expect(problemsOf({ HOST: '0.0.0.0', SANDBOX_ACCESS_SECRET: 'short' })).toEqual([
        'SANDBOX_ACCESS_SECRET: must be at least 32 characters',
      ]);
      expect(
        problemsOf({
          APP_MODE: 'live',
          DATA_DIR: path.join(tempDir(), 'never-created'),
          DATABASE_URL: 'postgres://db.internal:5432/agentcart',
          PUBLIC_URL: 'https://pay.example.com/',
          AUTH_SECRET: 'x'.repeat(40),
          ENCRYPTION_KEY: 'ab'.repeat(32),
          SANDBOX_ACCESS_SECRET: secret,
        }),
      ).toEqual(['SANDBOX_ACCESS_SECRET is sandbox only: live mode has no mailbox or simulators (unset it)']);
    });
  });
});

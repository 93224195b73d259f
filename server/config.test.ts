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

  it('refuses an encryption key that is not 32 bytes with the spec message', () => {
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
});

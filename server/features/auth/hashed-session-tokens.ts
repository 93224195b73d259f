import type { BetterAuthOptions, DBAdapter, Where } from 'better-auth/types';
import { sha256Hex } from '../../lib/hash';

type AdapterFactory = (options: BetterAuthOptions) => DBAdapter<BetterAuthOptions>;

/**
 * A stored token as the library sees it when it was not looked up by its raw value (lists). The marker
 * makes a later lookup by that value (revoke-other-sessions deletes by the listed tokens) match the row
 * without hashing it twice. A raw token cannot forge it usefully: cookies are signed by the server.
 */
const STORED = 'h:';

const isSessionModel = (model: string) => model === 'session' || model === 'sessions';

/** What is stored for a token the library hands us: its SHA-256, or the hash it got from us earlier. */
function storedToken(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  return value.startsWith(STORED) ? value.slice(STORED.length) : sha256Hex(value);
}

function hashWhere(where: Where[] | undefined): Where[] | undefined {
  return where?.map((clause): Where =>
    clause.field !== 'token'
      ? clause
      : {
          ...clause,
          value: Array.isArray(clause.value)
            ? ((clause.value as unknown[]).map(storedToken) as Where['value'])
            : (storedToken(clause.value) as Where['value']),
        },
  );
}

/** The raw token a lookup was made with, so a found row can be handed back as the library expects. */
function rawTokenOf(where: Where[] | undefined): string | undefined {
  const clause = where?.find((c) => c.field === 'token' && (c.operator ?? 'eq') === 'eq');
  return typeof clause?.value === 'string' && !clause.value.startsWith(STORED) ? clause.value : undefined;
}

function withToken<T>(row: T, raw: string | undefined): T {
  if (!row || typeof row !== 'object' || !('token' in row)) return row;
  const token = (row as { token: unknown }).token;
  return { ...row, token: raw ?? (typeof token === 'string' ? `${STORED}${token}` : token) };
}

function hashSessionTokens(adapter: DBAdapter<BetterAuthOptions>): DBAdapter<BetterAuthOptions> {
  return {
    ...adapter,
    async create<T extends Record<string, unknown>, R = T>(data: Parameters<DBAdapter['create']>[0]) {
      const raw = (data.data as { token?: unknown }).token;
      if (!isSessionModel(data.model) || typeof raw !== 'string')
        return adapter.create<Record<string, unknown>, R>(data);
      const row = await adapter.create<Record<string, unknown>, R>({
        ...data,
        data: { ...data.data, token: storedToken(raw) },
      });
      return withToken(row, raw);
    },
    async findOne<T>(data: Parameters<DBAdapter['findOne']>[0]) {
      if (!isSessionModel(data.model)) return adapter.findOne<T>(data);
      const row = await adapter.findOne<T>({ ...data, where: hashWhere(data.where)! });
      return withToken(row, rawTokenOf(data.where));
    },
    async findMany<T>(data: Parameters<DBAdapter['findMany']>[0]) {
      if (!isSessionModel(data.model)) return adapter.findMany<T>(data);
      const rows = await adapter.findMany<T>({ ...data, where: hashWhere(data.where) });
      return rows.map((row) => withToken(row, undefined));
    },
    async update<T>(data: Parameters<DBAdapter['update']>[0]) {
      if (!isSessionModel(data.model)) return adapter.update<T>(data);
      const row = await adapter.update<T>({ ...data, where: hashWhere(data.where)! });
      return withToken(row, rawTokenOf(data.where));
    },
    count: (data) =>
      adapter.count(isSessionModel(data.model) ? { ...data, where: hashWhere(data.where) } : data),
    updateMany: (data) =>
      adapter.updateMany(isSessionModel(data.model) ? { ...data, where: hashWhere(data.where)! } : data),
    delete: (data) =>
      adapter.delete(isSessionModel(data.model) ? { ...data, where: hashWhere(data.where)! } : data),
    deleteMany: (data) =>
      adapter.deleteMany(isSessionModel(data.model) ? { ...data, where: hashWhere(data.where)! } : data),
    transaction: (run) =>
      adapter.transaction((trx) => run(hashSessionTokens(trx as DBAdapter<BetterAuthOptions>))),
  };
}

/**
 * Session tokens are stored as their SHA-256 (ADR 008): someone who reads the sessions table (a backup,
 * a leaked dump) cannot sign in as anyone. better-auth has no option for it, so the database adapter it
 * is given hashes every token it writes or looks up, and hands the raw token back where the library
 * expects to set it in a cookie.
 */
export function withHashedSessionTokens(factory: AdapterFactory): AdapterFactory {
  return (options) => hashSessionTokens(factory(options));
}

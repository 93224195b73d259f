import { pino, type Logger } from 'pino';

/** Paths pino blanks wherever they appear in a log line: nothing secret is ever written. */
const REDACT_PATHS = [
  'password',
  '*.password',
  'newPassword',
  '*.newPassword',
  'token',
  '*.token',
  'apiKey',
  '*.apiKey',
  'secret',
  '*.secret',
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers.apikey',
  'res.headers["set-cookie"]',
];

export function createLogger(level: string): Logger {
  return pino({
    level,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    base: undefined,
  });
}

export type { Logger };

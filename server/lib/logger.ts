import { pino, type Logger } from 'pino';

/**
 * Paths pino blanks wherever they appear in a log line: nothing secret, and no buyer's personal data, is
 * ever written. Request lines carry the path only (server/http/app.ts), never the query string.
 */
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
  'email',
  '*.email',
  'buyer',
  '*.buyer',
  'phone',
  '*.phone',
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers.apikey',
  'res.headers["set-cookie"]',
];

/** `destination` lets a test read what would have been written (to check nothing secret is). */
export function createLogger(level: string, destination?: NodeJS.WritableStream): Logger {
  const options = { level, redact: { paths: REDACT_PATHS, censor: '[redacted]' }, base: undefined };
  return destination ? pino(options, destination) : pino(options);
}

export type { Logger };

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

/** `destination` lets a test read what would have been written (to check nothing secret is). */
export function createLogger(level: string, destination?: NodeJS.WritableStream): Logger {
  const options = { level, redact: { paths: REDACT_PATHS, censor: '[redacted]' }, base: undefined };
  return destination ? pino(options, destination) : pino(options);
}

export type { Logger };

/** The ACP versions served, oldest first (the discovery document's order). */
export const ACP_VERSIONS = ['2025-09-29', '2026-04-17'] as const;
export type AcpVersion = (typeof ACP_VERSIONS)[number];
export const LATEST_ACP_VERSION: AcpVersion = '2026-04-17';

export const isAcpVersion = (value: unknown): value is AcpVersion =>
  typeof value === 'string' && (ACP_VERSIONS as readonly string[]).includes(value);

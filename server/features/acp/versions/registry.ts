import { v20250929 } from './2025-09-29/index';
import { v20260417 } from './2026-04-17/index';

/**
 * The ACP versions served, oldest first (the discovery documents' order; the last is the current one).
 * A new version is its folders (common/acp/<version>/ for the wire shapes, versions/<version>/ here for
 * the rest) and one line in this list: docs/acp.md, "Adding a version".
 */
export const ACP_VERSION_MODULES = [v20250929, v20260417] as const;

/** A served version's module. */
export type ServedAcpVersion = (typeof ACP_VERSION_MODULES)[number];
export type AcpVersion = ServedAcpVersion['version'];
export const ACP_VERSIONS: readonly AcpVersion[] = ACP_VERSION_MODULES.map((module) => module.version);
export const LATEST_ACP_VERSION: AcpVersion = ACP_VERSIONS[ACP_VERSIONS.length - 1]!;

/** Newest first, as the ACP error's `supported_versions` lists them. */
export const SUPPORTED_NEWEST_FIRST: readonly AcpVersion[] = [...ACP_VERSIONS].reverse();

export const isAcpVersion = (value: unknown): value is AcpVersion =>
  typeof value === 'string' && (ACP_VERSIONS as readonly string[]).includes(value);

/** The module of a served version. */
export const acpVersion = (version: AcpVersion): ServedAcpVersion =>
  ACP_VERSION_MODULES.find((module) => module.version === version)!;

import { lt, sql } from 'drizzle-orm';
import { acpRequestSignatures } from '../../db/schema/index';
import {
  checkAgentRequestSignature,
  type RequestSignatureFailure,
} from '../../integrations/agents/signatures';
import { open } from '../../lib/crypto';
import { sha256Hex } from '../../lib/hash';
import type { CommerceDeps } from '../commerce';
import { recordSecurityEvent } from '../security-events';
import { checkPlatformSignature, type IncomingUcpRequest, type PlatformSignatureResult } from '../ucp';
import { loadAgentSettings } from './agent-settings';

/** A signature is remembered this long: longer than the ±5 minute window in which it could pass again. */
const REPLAY_WINDOW_MS = 10 * 60 * 1000;

export type AgentSignatureResult =
  { ok: true } | { ok: false; code: RequestSignatureFailure['code'] | 'signature_replayed'; message: string };

function header(headers: Record<string, string | string[] | undefined>, name: string): string | undefined {
  const entry = Object.entries(headers).find(([key]) => key.toLowerCase() === name);
  const value = Array.isArray(entry?.[1]) ? entry[1][0] : entry?.[1];
  return value?.trim() || undefined;
}

/** Records the signature; false when it was already seen within the replay window. */
async function firstSighting(deps: CommerceDeps, merchantId: string, signature: string): Promise<boolean> {
  const now = deps.clock.now();
  const rows = await deps.db
    .insert(acpRequestSignatures)
    .values({
      merchantId,
      signatureHash: sha256Hex(signature),
      expiresAt: new Date(now.getTime() + REPLAY_WINDOW_MS),
    })
    .onConflictDoUpdate({
      target: [acpRequestSignatures.merchantId, acpRequestSignatures.signatureHash],
      set: { expiresAt: sql`excluded.expires_at` },
      // An expired record (not yet purged) no longer counts as seen.
      setWhere: lt(acpRequestSignatures.expiresAt, now),
    })
    .returning({ hash: acpRequestSignatures.signatureHash });
  return rows.length > 0;
}

/**
 * Checks an ACP request's `Signature`/`Timestamp` against the merchant's signing secret, per its policy:
 * off (or no secret) accepts everything; strict refuses a missing, wrong, stale/future or replayed
 * signature; log accepts but records the failure as a security event (no secret or signature in it).
 */
export async function verifyAgentSignature(
  deps: CommerceDeps,
  merchantId: string,
  input: { rawBody: string; headers: Record<string, string | string[] | undefined> },
): Promise<AgentSignatureResult> {
  const settings = await loadAgentSettings(deps.db, merchantId);
  if (settings.signaturePolicy === 'off' || !settings.signingSecretSealed) return { ok: true };
  const signature = header(input.headers, 'signature');
  let result: AgentSignatureResult = checkAgentRequestSignature({
    secret: open(deps.keyring, settings.signingSecretSealed),
    rawBody: input.rawBody,
    signature,
    timestamp: header(input.headers, 'timestamp'),
    now: deps.clock.now(),
  });
  if (result.ok && !(await firstSighting(deps, merchantId, signature!))) {
    result = {
      ok: false,
      code: 'signature_replayed',
      message: 'This signed request was already received; sign every request afresh.',
    };
  }
  if (result.ok) return result;
  deps.logger.warn(
    { merchantId, code: result.code, policy: settings.signaturePolicy },
    settings.signaturePolicy === 'log'
      ? 'ACP request signature check failed; accepted (policy log)'
      : 'ACP request signature check failed; refused',
  );
  if (settings.signaturePolicy === 'strict') return result;
  await recordSecurityEvent(deps.db, {
    type: 'suspicious_activity',
    name: 'acp_request_signature_failed',
    merchantId,
    details: { code: result.code, message: result.message, policy: 'log' },
  });
  return { ok: true };
}

/**
 * Checks a UCP platform's RFC 9421 request signature under the same policy (ucp/platform-signature.ts):
 * the platform's key comes from its profile, so no shared secret is needed; off accepts everything,
 * strict refuses an unsigned or badly signed request, log accepts it and records a security event.
 * Replays are the idempotency layer's business in UCP (signatures.md), so nothing is remembered here.
 */
export async function verifyUcpPlatformSignature(
  deps: CommerceDeps,
  merchantId: string,
  input: IncomingUcpRequest,
): Promise<PlatformSignatureResult> {
  const { signaturePolicy } = await loadAgentSettings(deps.db, merchantId);
  if (signaturePolicy === 'off') return { ok: true };
  const result = await checkPlatformSignature(deps.runtime, input);
  if (result.ok) return result;
  deps.logger.warn(
    { merchantId, code: result.code, policy: signaturePolicy },
    signaturePolicy === 'log'
      ? 'UCP request signature check failed; accepted (policy log)'
      : 'UCP request signature check failed; refused',
  );
  if (signaturePolicy === 'strict') return result;
  await recordSecurityEvent(deps.db, {
    type: 'suspicious_activity',
    name: 'ucp_request_signature_failed',
    merchantId,
    details: { code: result.code, message: result.message, policy: 'log' },
  });
  return { ok: true };
}

/** Drops replay records that can no longer match (their request is outside the timestamp window). */
export async function purgeExpiredRequestSignatures(deps: Pick<CommerceDeps, 'db' | 'clock'>) {
  await deps.db.delete(acpRequestSignatures).where(lt(acpRequestSignatures.expiresAt, deps.clock.now()));
}

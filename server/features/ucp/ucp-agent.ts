import { UCP_VERSION } from './protocol';
import { UcpError } from './ucp-error';

/**
 * The `UCP-Agent` header: an RFC 8941 Dictionary whose `profile` member (an sf-string) is the platform's
 * profile URL, e.g. `profile="https://platform.example/.well-known/ucp"`. Only string and token members
 * are read; anything else in the header is ignored, as RFC 8941 lets a recipient do with unknown keys.
 */
const MEMBER =
  /^\s*([a-z*][a-z0-9_\-.*]*)\s*=\s*(?:"((?:[^"\\]|\\["\\])*)"|([A-Za-z0-9*:/.\-_]+))\s*(?:;.*)?$/;

export function parseDictionary(header: string): Map<string, string> {
  const members = new Map<string, string>();
  for (const part of header.split(',')) {
    const match = MEMBER.exec(part);
    if (match)
      members.set(match[1]!, match[2] !== undefined ? match[2].replace(/\\(["\\])/g, '$1') : match[3]!);
  }
  return members;
}

export interface UcpAgent {
  profile: string;
  /** The protocol version the platform declares it speaks. */
  version: string;
}

/**
 * Who is calling and in which protocol version. The profile URL is required (400 invalid_profile_url);
 * the platform's version is the header's `version` member when it sends one (ADR 048: the profile is not
 * fetched on the request path), else this business's version. Any other version is refused with 422
 * `version_unsupported`, as overview.md's REST binding answers it.
 */
export function negotiate(header: string | string[] | undefined, continueUrl: string): UcpAgent {
  const members = typeof header === 'string' ? parseDictionary(header) : new Map<string, string>();
  const profile = members.get('profile');
  if (!profile || !URL.canParse(profile) || !/^https?:$/.test(new URL(profile).protocol)) {
    throw new UcpError(
      400,
      'invalid_profile_url',
      'The UCP-Agent header must name the platform profile: profile="https://…"',
      { continueUrl },
    );
  }
  const version = members.get('version') ?? UCP_VERSION;
  if (version !== UCP_VERSION) {
    throw new UcpError(
      422,
      'version_unsupported',
      `Protocol version ${version} is not supported. This business implements version ${UCP_VERSION}.`,
      { continueUrl },
    );
  }
  return { profile, version };
}

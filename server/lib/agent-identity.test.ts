import { describe, expect, it } from 'vitest';
import { agentFromUserAgent } from './agent-identity';

describe('agentFromUserAgent', () => {
  it("keeps the first product's name, without its version or comments", () => {
    expect(agentFromUserAgent('ChatGPT-User/1.0; +https://openai.com/bot')).toBe('ChatGPT-User');
    expect(agentFromUserAgent('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7)')).toBe('Mozilla');
    expect(agentFromUserAgent('  claude-agent  ')).toBe('claude-agent');
    expect(agentFromUserAgent(['first/1', 'second/2'])).toBe('first');
  });

  it('keeps nothing that is not a token, and at most 64 characters', () => {
    expect(agentFromUserAgent(undefined)).toBeNull();
    expect(agentFromUserAgent('')).toBeNull();
    expect(agentFromUserAgent('(compatible; bot)')).toBeNull();
    expect(agentFromUserAgent('=cmd|"/c calc"!A0')).toBeNull();
    expect(agentFromUserAgent('bot|evil')).toBe('bot');
    expect(agentFromUserAgent('<script>alert(1)</script>')).toBeNull();
    expect(agentFromUserAgent(`${'a'.repeat(100)}/1`)).toBe('a'.repeat(64));
  });
});

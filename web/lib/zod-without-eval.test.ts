import { describe, expect, it, vi } from 'vitest';

describe('zod without eval', () => {
  it('makes zod jitless, so no schema probes eval (the CSP forbids it)', async () => {
    const probe = vi.spyOn(globalThis, 'Function');
    await import('./zod-without-eval');
    const { config } = await import('zod/v4/core');
    expect(config().jitless).toBe(true);
    const { z } = await import('zod');
    expect(z.object({ a: z.string() }).parse({ a: 'x' })).toEqual({ a: 'x' });
    expect(probe).not.toHaveBeenCalled();
    probe.mockRestore();
  });
});

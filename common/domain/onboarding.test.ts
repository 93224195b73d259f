import { describe, expect, it } from 'vitest';
import { previousStep, resumeStep, stepAfterPaymentMethods } from './onboarding';

describe('onboarding resume and moves', () => {
  it.each([
    [{}, 'off', 1],
    [{ payment_methods_chosen: true }, 'pending_setup', 2],
    [{ payment_methods_chosen: true }, 'off', 3],
    [{ payment_methods_chosen: true, stripe_connected: true }, 'connected', 3],
    [{ payment_methods_chosen: true, platform_configured: true }, 'connected', 4],
    [{ payment_methods_chosen: true, platform_configured: true }, 'pending_setup', 2],
    [{ payment_methods_chosen: true, platform_configured: true, test_order_passed: true }, 'off', 5],
    [{ completed: true }, 'off', 'dashboard'],
  ] as const)('%j with card %s resumes at %s', (progress, card, step) => {
    expect(resumeStep(progress, card)).toBe(step);
  });

  it('goes from step 1 to 2 with cards on, else to 3, and back the same way', () => {
    expect(stepAfterPaymentMethods('pending_setup')).toBe(2);
    expect(stepAfterPaymentMethods('off')).toBe(3);
    expect(previousStep(3, 'off')).toBe(1);
    expect(previousStep(3, 'connected')).toBe(2);
    expect(previousStep(5, 'off')).toBe(4);
    expect(previousStep(1, 'off')).toBe(1);
  });
});

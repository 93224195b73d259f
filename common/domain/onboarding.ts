import type { CardState } from '../api/merchant';

/** The five steps of /onboarding, numbered as the wizard shows them. */
export const ONBOARDING_STEPS = [
  'Payment Methods',
  'Connect card provider',
  'Connect Store',
  'Test Order',
  'Agent Readiness',
] as const;
export type OnboardingStep = 1 | 2 | 3 | 4 | 5;

export const ONBOARDING_MESSAGES = {
  paymentMethodRequired: 'At least one payment method must be enabled',
  testOrderRequired: 'Run a test order that completes before finishing onboarding.',
} as const;

export interface OnboardingProgress {
  payment_methods_chosen?: boolean;
  stripe_connected?: boolean;
  platform_configured?: boolean;
  test_order_passed?: boolean;
  completed?: boolean;
}

/**
 * Where a merchant resumes: the first step whose work is not done yet, or
 * 'dashboard' once onboarding is complete. Step 2 (card provider) is done when connected, and skipped
 * when card payments are off. Every step's own flag is read, not just the store platform and the card
 * connection, so a reload at any step lands back on it.
 */
export function resumeStep(progress: OnboardingProgress, card: CardState): OnboardingStep | 'dashboard' {
  if (progress.completed) return 'dashboard';
  if (!progress.payment_methods_chosen) return 1;
  if (card !== 'off' && card !== 'connected') return 2;
  if (!progress.platform_configured) return 3;
  if (!progress.test_order_passed) return 4;
  return 5;
}

/** Back from a step (step 3 skips step 2 when card payments are off). */
export function previousStep(step: OnboardingStep, card: CardState): OnboardingStep {
  if (step === 3 && card === 'off') return 1;
  return Math.max(1, step - 1) as OnboardingStep;
}

/** Step 1 goes to 2 when card payments are on, else to 3. */
export function stepAfterPaymentMethods(card: CardState): OnboardingStep {
  return card === 'off' ? 3 : 2;
}

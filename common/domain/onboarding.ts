import type { CardState } from '../api/merchant';

/** The five steps of /onboarding (spec §2), numbered as the wizard shows them. */
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
 * Where a merchant resumes (spec §4 onboarding resume): the first step whose work is not done yet, or
 * 'dashboard' once onboarding is complete. Step 2 (card provider) is done when connected, and skipped
 * when card payments are off. The spec's rule names only the store platform and the card connection;
 * this reads every step's own flag, so a reload at any step lands back on it.
 */
export function resumeStep(progress: OnboardingProgress, card: CardState): OnboardingStep | 'dashboard' {
  if (progress.completed) return 'dashboard';
  if (!progress.payment_methods_chosen) return 1;
  if (card !== 'off' && card !== 'connected') return 2;
  if (!progress.platform_configured) return 3;
  if (!progress.test_order_passed) return 4;
  return 5;
}

/** Spec §4 onboarding moves: Back from a step (step 3 skips step 2 when card payments are off). */
export function previousStep(step: OnboardingStep, card: CardState): OnboardingStep {
  if (step === 3 && card === 'off') return 1;
  return Math.max(1, step - 1) as OnboardingStep;
}

/** Spec §4 onboarding moves: step 1 goes to 2 when card payments are on, else to 3. */
export function stepAfterPaymentMethods(card: CardState): OnboardingStep {
  return card === 'off' ? 3 : 2;
}

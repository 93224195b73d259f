import { z } from 'zod';

/**
 * The merchant's own test orders (onboarding's test order, the agent tester) are kept out of its figures
 * and lists unless it asks for them (ADR 043): `include_test=true` on analytics and payments, the switch
 * labelled as below.
 */
export const INCLUDE_TEST_LABEL = 'Include test orders';

export const includeTestParam = z
  .enum(['true', 'false'])
  .default('false')
  .transform((value) => value === 'true');

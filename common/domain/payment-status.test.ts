import { describe, expect, it } from 'vitest';
import {
  isForwardTransition,
  PAYMENT_STATUSES,
  statusesThatMayBecome,
  TERMINAL_PAYMENT_STATUSES,
} from './payment-status';

describe('payment status transitions', () => {
  it('never moves a payment under review back to processing, or further back', () => {
    expect(isForwardTransition('needs_review', 'processing')).toBe(false);
    expect(isForwardTransition('needs_review', 'pending')).toBe(false);
    expect(isForwardTransition('needs_review', 'requires_action')).toBe(false);
    expect(statusesThatMayBecome('processing')).not.toContain('needs_review');
  });

  it('lets a payment go forward to review, and from review to an outcome', () => {
    expect(isForwardTransition('processing', 'needs_review')).toBe(true);
    expect(isForwardTransition('pending', 'needs_review')).toBe(true);
    expect(isForwardTransition('needs_review', 'succeeded')).toBe(true);
    expect(isForwardTransition('needs_review', 'failed')).toBe(true);
  });

  it('never leaves a terminal status', () => {
    for (const from of TERMINAL_PAYMENT_STATUSES) {
      for (const to of PAYMENT_STATUSES) expect(isForwardTransition(from, to)).toBe(false);
    }
  });

  it('records a report from the statuses it moves forward from, and a repeat of the same status', () => {
    expect(statusesThatMayBecome('processing')).toEqual(['pending', 'requires_action', 'processing']);
    expect(statusesThatMayBecome('needs_review')).toEqual([
      'pending',
      'requires_action',
      'processing',
      'needs_review',
    ]);
    expect(statusesThatMayBecome('pending')).toEqual(['pending']);
    expect(statusesThatMayBecome('succeeded')).toEqual([
      'pending',
      'requires_action',
      'processing',
      'succeeded',
      'needs_review',
    ]);
  });
});

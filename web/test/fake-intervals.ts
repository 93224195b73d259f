import { vi } from 'vitest';

/**
 * Fakes only setInterval, which polls (React Query's refetchInterval, the confirm poll) run on, so a poll
 * fires exactly when the test advances the clock. `shouldAdvanceTime` would also move the fake clock with
 * real time: on a busy machine a slow render lets a poll fire before the test expects it. Timeouts stay
 * real, so Testing Library's waits and user-event keep working.
 */
export function useFakeIntervals() {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
}

import { Badge } from '#web/components/ui/badge';

/**
 * Marks one of the merchant's own test orders or payments (onboarding's test order, the agent tester):
 * not business, so not counted in usage, fees or analytics (ADR 043).
 */
export function TestBadge() {
  return (
    <Badge variant="warning" title="One of your test orders: not counted in usage, fees or analytics">
      Test
    </Badge>
  );
}

import { PartyPopper } from 'lucide-react';
import { Button } from '#web/components/ui/button';
import { ApiKeyCard } from '#web/features/developers';
import { AgentReadinessPanel } from '#web/features/readiness';
import { StepFrame } from './step-frame';

// The API key card is right above the panel: its reason points there, not to Settings.
const FIXES_HERE = { API_KEY_MISSING: 'Generate an API key above: agents send it with every request.' };

/** Step 5: what AI agents will find (the readiness panel), then Finish. */
export function ReadinessStep({
  finishing,
  onBack,
  onFinish,
}: {
  finishing: boolean;
  onBack(): void;
  onFinish(): void;
}) {
  return (
    <StepFrame
      title="Check agent readiness"
      description="This is what AI shopping agents see when they look at your store. Fix anything marked, then finish."
      onBack={onBack}
      next={
        <Button onClick={onFinish} disabled={finishing}>
          <PartyPopper aria-hidden="true" />
          {finishing ? 'Finishing...' : 'Finish and go to dashboard'}
        </Button>
      }
    >
      <ApiKeyCard />
      <AgentReadinessPanel fixesHere={FIXES_HERE} />
    </StepFrame>
  );
}

import { useId } from 'react';
import { acpFlowInput, TEST_CARD_LABELS, TEST_CARDS, type TestCard } from '#common/api/agent-tests';
import { Field, Label } from '#web/components/ui/field';
import { Input } from '#web/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '#web/components/ui/select';
import { Skeleton } from '#web/components/ui/skeleton';

/** Both ways a card test can pay, as typed so far; which one counts depends on the mode. */
export interface CardPaymentDraft {
  testCard: TestCard;
  token: string;
}

/** The message for a token not shaped spt_..., or undefined when it is. */
export function sptTokenError(token: string): string | undefined {
  const parsed = acpFlowInput.shape.test_spt.safeParse(token);
  return parsed.success && parsed.data ? undefined : parsed.error?.issues[0]?.message;
}

interface CardPaymentChoiceProps {
  /** Undefined while the mode is loading. */
  isSandbox: boolean | undefined;
  value: CardPaymentDraft;
  onChange(next: CardPaymentDraft): void;
  tokenError?: string;
  disabled: boolean;
}

/**
 * What the card test pays with. In sandbox, a Stripe test card: a Shared Payment Token is minted for it
 * on the merchant's own account. In live mode no test token exists: the merchant pastes a real one.
 */
export function CardPaymentChoice({
  isSandbox,
  value,
  onChange,
  tokenError,
  disabled,
}: CardPaymentChoiceProps) {
  const testCardId = useId();
  if (isSandbox === undefined) return <Skeleton className="h-16" />;
  if (!isSandbox) {
    return (
      <Field
        label="Shared Payment Token"
        hint="A token an AI agent handed over for your Stripe account (spt_...)."
        error={tokenError}
      >
        <Input
          value={value.token}
          onChange={(e) => onChange({ ...value, token: e.target.value })}
          placeholder="spt_..."
          autoComplete="off"
          disabled={disabled}
        />
      </Field>
    );
  }
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={testCardId}>Test card</Label>
      <Select
        value={value.testCard}
        onValueChange={(card) => onChange({ ...value, testCard: card as TestCard })}
        disabled={disabled}
      >
        <SelectTrigger id={testCardId}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {TEST_CARDS.map((card) => (
            <SelectItem key={card} value={card}>
              {TEST_CARD_LABELS[card]}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      <p className="text-xs text-slate-600">
        A test token for this card is minted on your own Stripe account, as an agent would hand it over.
      </p>
    </div>
  );
}

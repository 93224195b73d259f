import type { MerchantView } from '#common/api/merchant';

/** What a middle step of the wizard is given: the merchant as it is now, and the ways out. */
export interface StepProps {
  merchant: MerchantView;
  onBack(): void;
  onDone(): void;
}

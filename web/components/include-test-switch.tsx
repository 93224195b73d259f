import { useId } from 'react';
import { INCLUDE_TEST_LABEL } from '#common/api/include-test';
import { Label } from '#web/components/ui/field';
import { Switch } from '#web/components/ui/switch';

/** The "Include test orders" switch of the figures and lists that leave tests out by default (ADR 043). */
export function IncludeTestSwitch({
  checked,
  onCheckedChange,
}: {
  checked: boolean;
  onCheckedChange(checked: boolean): void;
}) {
  const id = useId();
  return (
    <div className="flex items-center gap-2">
      <Switch id={id} checked={checked} onCheckedChange={onCheckedChange} />
      <Label htmlFor={id}>{INCLUDE_TEST_LABEL}</Label>
    </div>
  );
}

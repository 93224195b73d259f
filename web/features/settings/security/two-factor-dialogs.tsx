import { toast } from 'sonner';
import { Button } from '#web/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '#web/components/ui/dialog';
import { confirmWith, FactorChangeForm } from './factor-change-form';
import { useNewRecoveryCodes, useTurnOffTwoFactor } from './two-factor-api';

/** Turning two-factor off: the password and a fresh second factor. */
export function TurnOffDialog({
  open,
  onOpenChange,
  textable,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  /** The account has a verified number a code can be texted to. */
  textable: boolean;
}) {
  const turnOff = useTurnOffTwoFactor();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogTitle>Turn off two-factor sign-in?</DialogTitle>
        <DialogDescription>
          Anyone with your password could then sign in. {confirmWith(textable)}
        </DialogDescription>
        <FactorChangeForm
          textable={textable}
          onConfirm={async (values) => {
            await turnOff.mutateAsync(values);
            toast.success('Two-factor sign-in is off', {
              description: 'Your password alone now signs you in. Your recovery codes no longer work.',
            });
            onOpenChange(false);
          }}
          actions={(submitting) => (
            <>
              <Button type="button" variant="ghost" onClick={() => onOpenChange(false)}>
                Keep it on
              </Button>
              <Button type="submit" variant="destructive" disabled={submitting}>
                {submitting ? 'Turning off...' : 'Turn off'}
              </Button>
            </>
          )}
        />
      </DialogContent>
    </Dialog>
  );
}

/** Ten fresh recovery codes, after the password and a fresh second factor; the old ones stop working. */
export function NewRecoveryCodesDialog({
  open,
  onOpenChange,
  onCodes,
  textable,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  onCodes(codes: string[]): void;
  /** The account has a verified number a code can be texted to. */
  textable: boolean;
}) {
  const regenerate = useNewRecoveryCodes();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogTitle>Generate new recovery codes?</DialogTitle>
        <DialogDescription>
          Your current recovery codes will stop working. {confirmWith(textable)}
        </DialogDescription>
        <FactorChangeForm
          textable={textable}
          onConfirm={async (values) => {
            const { backupCodes } = await regenerate.mutateAsync(values);
            onOpenChange(false);
            onCodes(backupCodes);
          }}
          actions={(submitting) => (
            <>
              <Button type="button" variant="ghost" onClick={() => onOpenChange(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={submitting}>
                {submitting ? 'Generating...' : 'Generate new codes'}
              </Button>
            </>
          )}
        />
      </DialogContent>
    </Dialog>
  );
}

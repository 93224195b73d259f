import { Toaster as Sonner } from 'sonner';
import { TOAST_DURATION_MS, TOAST_LIMIT } from '#common/domain/limits';

/** At most 3 toasts visible, each closing after about 4 seconds. */
export function Toaster() {
  return (
    <Sonner
      position="top-right"
      visibleToasts={TOAST_LIMIT}
      duration={TOAST_DURATION_MS}
      richColors
      closeButton
    />
  );
}

import { Toaster as Sonner } from 'sonner';
import { TOAST_DURATION_MS, TOAST_LIMIT } from '#common/domain/limits';

/** Below the sticky header (h-16, web/components/layout/site-nav.tsx), so a toast never hides the bell or the account menu. */
const BELOW_HEADER = 'calc(4rem + 0.75rem)';

/** At most 3 toasts visible, each closing after about 4 seconds. */
export function Toaster() {
  return (
    <Sonner
      position="top-right"
      offset={{ top: BELOW_HEADER }}
      mobileOffset={{ top: BELOW_HEADER }}
      visibleToasts={TOAST_LIMIT}
      duration={TOAST_DURATION_MS}
      richColors
      closeButton
    />
  );
}

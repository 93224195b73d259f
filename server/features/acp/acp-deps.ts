import type { EngineDeps } from '../commerce';
import type { CheckoutAccessRecorder } from '../security-monitoring';

export type AcpDeps = EngineDeps & {
  publicUrl: string;
  /** Where reads of a session's buyer are recorded. */
  checkoutAccess: CheckoutAccessRecorder;
};

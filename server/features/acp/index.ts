export {
  ACP_VERSION_MODULES,
  ACP_VERSIONS,
  LATEST_ACP_VERSION,
  acpVersion,
  isAcpVersion,
  type AcpVersion,
} from './versions/registry';
export {
  acpOrderPermalink,
  refundedMinor,
  type OrderEventInput,
  type RefundFacts,
} from './versions/order-facts';
export { ACP_HANDLER_SCHEMAS_PATH } from './session-view';
export { orderProgress, type OrderProgress } from './versions/order-facts';
/**
 * The protocol session layer over the engine, for the other standard front door (UCP, ADR 048): both
 * protocols keep their sessions here, so one checkout is priced, claimed and charged in one place.
 */
export {
  cancelSession,
  createSession,
  loadSession,
  updateSession,
  withStoreOrderStatus,
  type SessionChanges,
  type SessionState,
} from './sessions';
export { completeSession, issueLightningInvoice, type CompletePayment } from './complete-session';
export { sessionTotals } from './session-pricing';
export { lineItemId, viewSession, type SessionView, type ViewMessage } from './session-view';
export { AcpError, toAcpError } from './acp-error';
export type { AcpDeps } from './acp-deps';

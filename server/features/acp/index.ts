export {
  ACP_VERSION_MODULES,
  ACP_VERSIONS,
  LATEST_ACP_VERSION,
  acpVersion,
  isAcpVersion,
  type AcpVersion,
} from './versions/registry';
export { acpOrderPermalink, refundedMinor, type OrderEventInput } from './versions/order-facts';
export { ACP_HANDLER_SCHEMAS_PATH } from './session-view';

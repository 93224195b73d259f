// The agent-testing feature's public entry: the test checkout's requests and the Lightning invoice card,
// which onboarding's test order step reuses. The page itself is loaded by its route, never from here.
export { useMintTestToken } from './api/mint-test-token';
export { useRunAcpFlow } from './api/run-acp-flow';
export { useSimulateInvoicePaid } from './api/simulate-invoice-paid';
export { LightningInvoiceCard, type LightningInvoice } from './lightning-invoice-card';

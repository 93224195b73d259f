// The developers feature's public entry: the agent API key and its card.
export { ApiKeyCard } from './api-key-card';
export { useApiKey } from './api/get-api-key';

export type { DiscoveryDocuments } from './routes';

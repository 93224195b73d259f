export { discoveryOf, type DiscoveryDocuments } from './routes';

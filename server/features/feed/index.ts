// The product feed: the merchant's catalogue as ACP 2026-04-17 feed records, checked (ADR 049), and
// pushed to the agent's Feed API (ADR 055).
export { buildFeed, type BuiltFeed, type FeedSource } from './build-feed';
export { createFeedDeps, type FeedDeps } from './feed';
export { feedJobs } from './jobs';
export { registerFeedRoutes } from './routes';

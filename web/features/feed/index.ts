/** The Product feed screen: the feed agents receive, checked, and its push to the agent. */
// The page itself is loaded by its route (web/app/routes.tsx); this entry gives the feed's downloads.
export { feedExportUrls } from './api/feed';

// A worker thread starts without the TypeScript loader the app runs under (tsx): register it, then
// load the thread's real entry point, which the parent names (workerData.entry). Used by the sandbox
// world's thread and the embedded database's.
import { workerData } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

await tsImport(workerData.entry, import.meta.url);

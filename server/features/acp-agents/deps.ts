import type { EngineDeps } from '../commerce';

/** What the ACP agent slice needs: the engine's services plus the public URL (order permalinks). */
export type AcpAgentDeps = EngineDeps & { publicUrl: string };

import { acpAgentJobs } from '../features/acp-agents/jobs';
import { commerceJobs } from '../features/commerce/jobs';
import type { AppContext } from '../http/app';
import type { JobDefinition } from './queue';

/** Every background job, listed once. */
export function allJobs(ctx: AppContext): JobDefinition<never>[] {
  const engine = { db: ctx.db, runtime: ctx.runtime, keyring: ctx.config.keyring, jobs: ctx.jobs };
  return [...commerceJobs(engine), ...acpAgentJobs({ ...engine, publicUrl: ctx.config.publicUrl })];
}

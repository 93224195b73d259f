import { commerceJobs } from '../features/commerce/jobs';
import type { AppContext } from '../http/app';
import type { JobDefinition } from './queue';

/** Every background job, listed once. */
export function allJobs(ctx: AppContext): JobDefinition<never>[] {
  return commerceJobs({ db: ctx.db, runtime: ctx.runtime, keyring: ctx.config.keyring, jobs: ctx.jobs });
}

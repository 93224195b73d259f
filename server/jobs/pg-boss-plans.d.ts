/** pg-boss's statement texts (a module it does not type); tests read them to check what we rewrite. */
declare module 'pg-boss/src/plans.js' {
  const plans: {
    fetchNextJob(schema: string): (opts: { includeMetadata?: boolean }) => string;
    completeJobs(schema: string): string;
    failJobsById(schema: string): string;
    insertJobs(schema: string): string;
  };
  export default plans;
}

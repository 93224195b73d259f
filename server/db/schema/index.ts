export * from './auth';
export * from './merchants';
export * from './security-events';
export * from './contact';
export * from './connections';
export * from './commerce';
export * from './operations';
export * from './acp';

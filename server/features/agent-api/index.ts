export { beginIdempotent, finishIdempotent, hashRequest, releaseIdempotent } from './idempotency';

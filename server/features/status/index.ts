export { recordRequestError } from './record-request-error';

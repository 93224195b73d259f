export { registerSandbox, SANDBOX_PHONE_PATH } from './routes';

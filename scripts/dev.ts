/**
 * `npm run dev`: the API (restarted on change) on :3000 and Vite with hot reload on :5173, which proxies
 * /api to the API. Open http://localhost:5173.
 */
import { spawn } from 'node:child_process';

const env = { ...process.env, TRUSTED_ORIGINS: process.env.TRUSTED_ORIGINS ?? 'http://localhost:5173' };
const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'server/main.ts'], { stdio: 'inherit', env }),
  spawn('npx', ['vite'], { stdio: 'inherit', env }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((c) => c.on('exit', (code) => code && code !== 0 && stop()));

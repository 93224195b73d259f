import type { ESLint } from 'eslint';

/** Whether a file is sandbox (simulator) code: a `simulator*` file or a `simulators/` folder under server/integrations. */
export function isSimulatorModule(file: string): boolean;
export const simulatorBoundary: ESLint.Plugin;

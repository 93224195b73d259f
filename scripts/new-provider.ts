/**
 * Scaffolds a payment provider or store platform: `npm run new:provider -- --family payments --id foo`
 * (or `--family stores`). Writes the folders only (manifest, credentials, adapter stubs, the simulator in
 * the sandbox wing, and a test running the family's contract suite, which fails until the adapter and simulator are real), then
 * says which registry line to add. docs/adding-a-provider.md walks through the rest.
 */
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

type Family = 'payments' | 'stores';

const pascal = (id: string) => id[0]!.toUpperCase() + id.slice(1);

function credentialsFile(id: string): string {
  return `import { z } from 'zod';
import type { CredentialField } from '../../credentials';

export const MISSING_API_KEY = 'Please enter your ${pascal(id)} API key';

export const ${id}Credentials = z.object({
  apiKey: z.string().trim().min(1, MISSING_API_KEY),
});
export type ${pascal(id)}Credentials = z.infer<typeof ${id}Credentials>;

export const ${id}CredentialFields: CredentialField[] = [{ name: 'apiKey', label: 'API key', secret: true }];
`;
}

const manifestFields = (id: string) => `    id: '${id}',
    name: '${pascal(id)}',
    availability: 'coming_soon',
    credentialFields: ${id}CredentialFields,
    apiBase: () => 'https://api.${id}.example',
    merchantSuppliedHost: false,`;

const notYet = (
  id: string,
) => `/** Every operation fails until it is written against ${pascal(id)}'s API (docs/adding-a-provider.md). */
const notYet = (operation: string) => new Error(\`${id}: \${operation} is not implemented yet\`);
`;

function paymentsIndex(id: string): string {
  return `import type { LightningPaymentProvider } from '../payment-provider';
import {
  MISSING_API_KEY,
  ${id}CredentialFields,
  ${id}Credentials,
  type ${pascal(id)}Credentials,
} from './credentials';

${notYet(id)}
export const ${id}: LightningPaymentProvider<${pascal(id)}Credentials> = {
  manifest: {
${manifestFields(id)}
    method: 'lightning',
    methodLabel: 'Lightning (${pascal(id)})',
    missingCredentialsMessage: MISSING_API_KEY,
    // Any answer below 500 from the API's root counts as up; point it at a cheap documented path.
    healthProbe: { path: '/' },
    inApplicationBundle: true,
    agentApiOnchainAddress: false,
    sandboxControls: { payInvoice: (id) => \`invoices/\${encodeURIComponent(id)}/pay\` },
  },
  credentialsSchema: ${id}Credentials,
  async verifyCredentials() {
    throw notYet('verifyCredentials');
  },
  async getPayment() {
    throw notYet('getPayment');
  },
  async createInvoice() {
    throw notYet('createInvoice');
  },
  async parseWebhook() {
    throw notYet('parseWebhook');
  },
};
`;
}

function storesIndex(id: string): string {
  return `import type { StorePlatform } from '../store-platform';
import { ${id}CredentialFields, ${id}Credentials, type ${pascal(id)}Credentials } from './credentials';

${notYet(id)}
export const ${id}: StorePlatform<${pascal(id)}Credentials> = {
  manifest: {
${manifestFields(id)}
    summary: 'What connecting ${pascal(id)} needs, in a sentence.',
  },
  credentialsSchema: ${id}Credentials,
  async testConnection() {
    throw notYet('testConnection');
  },
  async listProducts() {
    throw notYet('listProducts');
  },
  async findProductBySku() {
    throw notYet('findProductBySku');
  },
  async createOrder() {
    throw notYet('createOrder');
  },
  async getOrder() {
    throw notYet('getOrder');
  },
  async updateOrderStatus() {
    throw notYet('updateOrderStatus');
  },
};
`;
}

function simulatorFile(id: string): string {
  return `import { createSimulator } from '../../simulator-kit';

export const ${id.toUpperCase()}_SANDBOX_API_KEY = '${id}_sandbox_key';

/**
 * A stateful fake of ${pascal(id)}'s HTTP API: its real paths at the root, its auth rules, error bodies and
 * controls under /__sim (docs/adding-a-provider.md §2).
 */
export function create${pascal(id)}Simulator() {
  return createSimulator({ name: '${id}', credentials: { apiKey: ${id.toUpperCase()}_SANDBOX_API_KEY } });
}

/** The real hosts this simulator answers for: sandbox mode routes the provider's traffic here. */
export const hosts = ['api.${id}.example'];

/** The sandbox starts this folder's simulator through this export (sandbox/start-simulators.ts). */
export default create${pascal(id)}Simulator;
`;
}

function testFile(family: Family, id: string): string {
  const start = `  async start() {
    return fixtureFrom(
      await startSimulator('${id}', create${pascal(id)}Simulator().app),
      { apiKey: ${id.toUpperCase()}_SANDBOX_API_KEY },
      { apiKey: 'refused' },
    );
  },`;
  const shared = `import { fixtureFrom } from '../../contract-kit';
import { startSimulator } from '#sandbox/simulator-kit';
import { ${id} } from './index';
import { create${pascal(id)}Simulator, ${id.toUpperCase()}_SANDBOX_API_KEY } from '#sandbox/${family}/${id}/simulator';
`;
  return family === 'payments'
    ? `import { describeLightningContract } from '../contract';
${shared}
describeLightningContract({
  provider: ${id},
${start}
  controls: {
    expire: (id) => \`invoices/\${id}/expire\`,
    webhook: (id) => \`invoices/\${id}/webhook\`,
  },
  tamper: (request) => ({ ...request, rawBody: \`\${request.rawBody} \` }),
});
`
    : `import { describeStoreContract } from '../contract';
${shared}
describeStoreContract({
  platform: ${id},
${start}
  knownSku: '${id.toUpperCase()}-001',
});
`;
}

/**
 * Writes the adapter's folder (server/integrations/<family>/<id>/) and its simulator's folder in the
 * sandbox wing (sandbox/<family>/<id>/, which the sandbox starts by its folder). Returns the adapter's.
 */
export function scaffoldProvider(root: string, family: Family, id: string): string {
  if (!/^[a-z][a-z0-9]*$/.test(id))
    throw new Error(`--id must be lower-case letters and digits, got "${id}"`);
  const folder = path.join(root, 'server/integrations', family, id);
  const simulatorFolder = path.join(root, 'sandbox', family, id);
  for (const existing of [folder, simulatorFolder].filter((dir) => fs.existsSync(dir)))
    throw new Error(`${path.relative(root, existing)} already exists`);
  const files = {
    [path.join(folder, 'credentials.ts')]: credentialsFile(id),
    [path.join(folder, 'index.ts')]: family === 'payments' ? paymentsIndex(id) : storesIndex(id),
    [path.join(folder, `${id}.test.ts`)]: testFile(family, id),
    [path.join(simulatorFolder, 'simulator.ts')]: simulatorFile(id),
  };
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, text);
  }
  return folder;
}

function main() {
  const { values } = parseArgs({ options: { family: { type: 'string' }, id: { type: 'string' } } });
  if ((values.family !== 'payments' && values.family !== 'stores') || !values.id) {
    console.error('Usage: npm run new:provider -- --family payments|stores --id <id>');
    process.exit(1);
  }
  const family: Family = values.family;
  const folder = scaffoldProvider(process.cwd(), family, values.id);
  const registry = `server/integrations/${family}/registry.ts`;
  console.log(`Created ${path.relative(process.cwd(), folder)}/ and its simulator, sandbox/${family}/${values.id}/.
Now add its registry line to ${registry}:
  import { ${values.id} } from './${values.id}/index';   and   ${values.id},   in the ${family === 'payments' ? 'paymentProviders' : 'storePlatforms'} object.
Then make its contract suite pass: npx vitest run ${path.relative(process.cwd(), folder)}`);
}

if (import.meta.url === `file://${process.argv[1]}`) main();

import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { PRERENDERED_DIR } from './common/prerendered-pages.ts';
import { landingPageBudget } from './scripts/landing-budget-plugin.ts';
import { precompressAssets } from './scripts/precompress-plugin.ts';
import { prerenderPublicPages } from './scripts/prerender.ts';

const fromRoot = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));
const clientDir = fromRoot('dist/web');
const serverDir = fromRoot('dist/ssr');

export default defineConfig({
  root: 'web',
  publicDir: 'public',
  plugins: [
    react(),
    tailwindcss(),
    landingPageBudget({
      landingModule: 'web/features/marketing/pages/home-page.tsx',
      startModule: 'web/app/start-app.tsx',
      budgetKb: 150,
    }),
    precompressAssets({ outDir: clientDir, skipDir: PRERENDERED_DIR }),
  ],
  resolve: {
    // React Router's package exports only its development build (dev-time warnings and checks) to
    // bundlers; its production build is the same API without them, and is what visitors should download.
    alias:
      process.env.NODE_ENV === 'test'
        ? []
        : [
            {
              find: /^react-router$/,
              replacement: fromRoot('node_modules/react-router/dist/production/index.mjs'),
            },
          ],
  },
  build: {
    outDir: clientDir,
    emptyOutDir: true,
    // Prints every chunk with its gzip size; the landing page must stay under 150 KB gzipped.
    reportCompressedSize: true,
    target: 'es2022',
    // Every browser that runs es2022 supports <link rel="modulepreload">; the polyfill only cost bytes.
    modulePreload: { polyfill: false },
    // A feature's index.ts only re-exports (its public entry, eslint.config.js): saying so lets a page that
    // imports one hook from a feature leave out the feature's other modules, which would otherwise ride along
    // (the dashboard took the settings forms with useConnections, 28 KB gzipped).
    rolldownOptions: {
      treeshake: { moduleSideEffects: (id: string) => !/\/web\/features\/[^/]+\/index\.ts$/.test(id) },
    },
  },
  environments: {
    // The same routes built for Node, only to pre-render the public pages at build time (ADR 017).
    ssr: {
      build: {
        outDir: serverDir,
        emptyOutDir: true,
        ssr: fromRoot('web/entry-server.tsx'),
        reportCompressedSize: false,
        copyPublicDir: false,
      },
    },
  },
  builder: {
    // `vite build`: the browser's bundle, then the server bundle, then the pre-rendered pages.
    async buildApp(builder) {
      await builder.build(builder.environments.client!);
      await builder.build(builder.environments.ssr!);
      await prerenderPublicPages({ clientDir, serverEntry: `${serverDir}/entry-server.js` });
    },
  },
  server: {
    port: 5173,
    // API_PROXY_TARGET lets several dev servers run side by side against their own API instance.
    proxy: {
      '/api': process.env.API_PROXY_TARGET ?? 'http://localhost:3000',
      '/__sim': process.env.API_PROXY_TARGET ?? 'http://localhost:3000',
    },
  },
});

import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { landingPageBudget } from './scripts/landing-budget-plugin.ts';

export default defineConfig({
  root: 'web',
  publicDir: 'public',
  plugins: [
    react(),
    tailwindcss(),
    landingPageBudget({ landingModule: 'web/features/marketing/pages/home-page.tsx', budgetKb: 150 }),
  ],
  build: {
    outDir: '../dist/web',
    emptyOutDir: true,
    // Prints every chunk with its gzip size; the landing page must stay under 150 KB gzipped.
    reportCompressedSize: true,
    target: 'es2022',
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

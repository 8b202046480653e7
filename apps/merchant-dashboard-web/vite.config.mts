import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

// The SPA is built into dist/apps/merchant-dashboard-web, which the merchant-dashboard service serves.
export default defineConfig({
  root: here('.'),
  base: '/',
  plugins: [react()],
  resolve: {
    alias: {
      '@momo/contracts/dashboard': here('../../libs/contracts/src/dashboard/index.ts'),
      '@momo/contracts/test-mode': here('../../libs/contracts/src/test-mode/scenarios.ts'),
      '@momo/contracts/webhook-events': here('../../libs/contracts/src/webhooks/event-types.ts'),
    },
  },
  build: {
    outDir: here('../../dist/apps/merchant-dashboard-web'),
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 1500,
  },
});

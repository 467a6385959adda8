// The dashboard build: web/ → dist/web (served by `app serve`). Everything is bundled and served by this
// server: no CDN, no external font or script.
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  build: {
    outDir: fileURLToPath(new URL('../dist/web', import.meta.url)),
    emptyOutDir: true,
    assetsDir: 'assets',
    sourcemap: false,
    rolldownOptions: {
      output: {
        // Each page's chunk named for its folder (page-approvals-…), so the bundle bench can say which is which.
        chunkFileNames: (chunk) => {
          const page = /\/pages\/([\w-]+)\/page\.tsx$/.exec(chunk.facadeModuleId ?? '')?.[1];
          return page ? `assets/page-${page}-[hash].js` : 'assets/[name]-[hash].js';
        },
      },
    },
  },
  logLevel: 'warn',
});

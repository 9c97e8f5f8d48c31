import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const backend = 'http://localhost:8080';

export default defineConfig({
  base: './',
  plugins: [react()],
  server: {
    proxy: {
      '/cloudservice': backend,
      '/crmservice': backend,
      '/platform-status.json': backend,
      '/uploads': backend,
    },
  },
  build: { outDir: 'dist', emptyOutDir: true, manifest: true, chunkSizeWarningLimit: 1200 },
});

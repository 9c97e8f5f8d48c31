import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './build/precompress.ts';

const backend = 'http://localhost:8080';

export default defineConfig({
  base: './',
  plugins: [react(), precompress()],
  server: {
    proxy: {
      '/cloudservice': backend,
      '/crmservice': backend,
      '/platform-status.json': backend,
      '/uploads': backend,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // What /login needs, in one chunk instead of ~30 (each response's headers cost about 1 KB).
            // Its dependencies come along, so two lazily used pieces reached through barrels are kept out:
            // the domain messages (the pages load them) and antd Collapse (reached through ColorPicker).
            { name: 'domain-messages', test: /contract[\\/]src[\\/]messages[\\/]domains[\\/]/, priority: 1, includeDependenciesRecursively: false },
            { name: 'collapse', test: /(antd[\\/]es|@rc-component)[\\/]collapse[\\/]/, priority: 1, includeDependenciesRecursively: false },
            { name: 'login', test: /src[\\/]features[\\/]auth[\\/]login[\\/]index\.tsx$/ },
          ],
        },
      },
    },
  },
});

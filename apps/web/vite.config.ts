import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { antdStaticCss } from './build/antdStaticCss.ts';
import { precompress } from './build/precompress.ts';
import { preloadStart } from './build/preloadStart.ts';

const backend = 'http://localhost:8080';

export default defineConfig({
  base: './',
  plugins: [react(), antdStaticCss(), preloadStart(), precompress()],
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
            // The console's tiny entry (main.tsx) and what it needs to start a console address's code and first call
            // (the language and context of the call: the contract's locales.ts): kept out of
            // the /login chunk, which would otherwise have to arrive and run before the entry could start anything.
            {
              name: 'boot',
              test: /src[\\/](main\.tsx|app[\\/](pageCode|startAddressCode)\.ts|api[\\/]earlyCall\.ts|i18n[\\/](pageCatalogFiles|language)\.ts|session[\\/](storageKeys|contextFields)\.ts|locales\.ts)$|vite[\\/](preload-helper|modulepreload-polyfill)/,
              priority: 3,
              includeDependenciesRecursively: false,
            },
            // What /login needs, in one chunk instead of ~30 (each response's headers cost about 1 KB).
            // Its dependencies come along, so two lazily used pieces reached through barrels are kept out:
            // the domain messages (the pages load them) and antd Collapse (reached through ColorPicker).
            {
              name: 'domain-messages',
              test: /contract[\\/]src[\\/]messages[\\/]domains[\\/]/,
              priority: 1,
              includeDependenciesRecursively: false,
            },
            {
              name: 'collapse',
              test: /(antd[\\/]es|@rc-component)[\\/]collapse[\\/]/,
              priority: 1,
              includeDependenciesRecursively: false,
            },
            // The console itself (start.tsx: providers, router) comes along: /login needs it too.
            { name: 'login', test: /src[\\/](features[\\/]auth[\\/]login[\\/]index|start)\.tsx$/ },
            // ECharts and its renderer zrender (the device curve) load on demand in three chunks, each under the 100 KB a
            // lazy chunk may transfer. Split along imports that go one way only (components and charts import the core,
            // the core imports zrender, never back), so no chunk waits on another's evaluation; a size-based split did
            // not keep that ('g is not a constructor').
            {
              name: 'zrender',
              test: /node_modules[\\/]zrender[\\/]/,
              priority: 2,
              includeDependenciesRecursively: false,
            },
            {
              name: 'echarts-parts',
              test: /node_modules[\\/]echarts[\\/]lib[\\/](component|chart)[\\/]/,
              priority: 2,
              includeDependenciesRecursively: false,
            },
            {
              name: 'echarts',
              test: /node_modules[\\/]echarts[\\/]/,
              priority: 1,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
});

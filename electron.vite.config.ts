import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import { svelte } from '@sveltejs/vite-plugin-svelte';

// One build for both shells: out/renderer is what the Electron window loads and what the browser
// host serves, so the two can never drift apart.
export default defineConfig({
  main: {
    build: {
      rollupOptions: { input: { index: resolve('electron/shells/electron-main/index.ts') } },
    },
  },
  preload: {
    build: {
      // A CommonJS preload keeps the renderer sandboxed (an ESM preload would need sandbox: false).
      rollupOptions: {
        input: { index: resolve('electron/shells/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: 'renderer',
    plugins: [svelte({ configFile: resolve('svelte.config.js') })],
    build: {
      rollupOptions: { input: { index: resolve('renderer/index.html'), restarting: resolve('renderer/restarting.html') } },
    },
  },
});

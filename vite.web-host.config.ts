import { defineConfig } from 'vite';

// The browser host built for running, as the Electron shell's main is: `npm start` without Electron
// and the bench start it from here instead of compiling TypeScript at every start (≈1.5 s of a cold
// start on these machines). out/web/host/ is as deep as electron/shells/web-host/, so the host's
// paths relative to itself (the renderer in out/renderer, resources/) hold in both.
export default defineConfig({
  build: {
    ssr: true,
    outDir: 'out/web/host',
    target: 'node20',
    emptyOutDir: true,
    minify: false,
    rollupOptions: {
      input: { cli: 'electron/shells/web-host/cli.ts', supervise: 'electron/shells/web-host/supervise.ts' },
      output: { format: 'es', entryFileNames: '[name].mjs', chunkFileNames: '[name]-[hash].mjs' },
    },
  },
});

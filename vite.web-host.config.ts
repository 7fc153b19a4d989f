import { defineConfig } from 'vite';

// The browser host built for running, as the Electron shell's main is: `npm start` without Electron
// and the bench start it from here instead of compiling TypeScript at every start (≈1.5 s of a cold
// start on these machines). out/web/host/ is as deep as electron/shells/web-host/, so the host's
// paths relative to itself (the renderer in out/renderer, resources/) hold in both.
export default defineConfig({
  // The pure-JavaScript libraries are bundled in: loading them from node_modules file by file (undici
  // and node-forge are hundreds of CommonJS modules) was a fifth of the host's module loading. Native
  // modules, jsdom (loaded on the first drawing) and the asn1js/pkijs/x509 family stay in node_modules:
  // bundled, asn1js imported a @peculiar/utils export that the version x509 resolves to does not have.
  ssr: { noExternal: ['zod', 'undici', 'ws', 'node-forge', 'dompurify', 'csv-stringify'] },
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

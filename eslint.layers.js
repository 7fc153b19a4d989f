// The layers of Gatehouse, as lint enforces them (docs/architecture.md draws the picture):
//
//   shells (electron-main, preload, web-host, compose) → core → shared
//   simulator → shared          renderer → shared          test/ and scripts/ → anything
//
// Each layer is a folder, and each folder name is used once in the tree, so an import is placed by
// the folder names in its path: `../../simulator/index` from the core is a wrong-way import whatever
// its depth. Node built-ins are kept out of shared/ and the renderer, which run in the browser too.

/** A path segment, anywhere in a relative import. */
const segment = (name) => `(^|/)${name}(/|$)`;

const electronPackage = { name: 'electron', message: 'Only the Electron shell (electron/shells/electron-main, preload) may import electron.' };
const nodeBuiltins = { regex: '^node:', message: 'shared/ and the renderer run in the browser too: no Node built-ins.' };

function layer(files, forbidden, extra = {}) {
  const patterns = forbidden.map(([name, why]) => ({ regex: segment(name), message: why }));
  return {
    files,
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: extra.allowElectron ? [] : [electronPackage], patterns: [...patterns, ...(extra.patterns ?? [])] },
      ],
    },
  };
}

const toShells = ['shells', 'The shells compose the core; nothing below them may reach back up.'];
const toSimulator = ['simulator', 'The simulator is a tool of its own: only a shell composes the demo site in.'];
const toCore = ['core', 'Only the shells use the core.'];
const toRenderer = ['renderer', 'The renderer is reached through the contract (shared/contract), never imported.'];
const toElectronTree = ['electron', 'shared/ and the renderer may not import anything under electron/.'];

export const layerRules = [
  layer(['electron/core/**/*.ts'], [toShells, toSimulator, toRenderer]),
  layer(['electron/simulator/**/*.ts'], [toCore, toShells, toRenderer]),
  layer(['shared/**/*.ts'], [toElectronTree, toRenderer], { patterns: [nodeBuiltins] }),
  layer(['renderer/**/*.ts', 'renderer/**/*.svelte'], [toElectronTree], { patterns: [nodeBuiltins] }),
  layer(['electron/shells/preload/**/*.ts'], [toCore, toSimulator, ['web-host', 'The preload exposes the contract only.'], ['compose', 'The preload exposes the contract only.']], { allowElectron: true }),
  layer(['electron/shells/electron-main/**/*.ts'], [toSimulator, ['web-host', 'The two shells do not import each other.']], { allowElectron: true }),
  layer(['electron/shells/web-host/**/*.ts'], [toSimulator, ['electron-main', 'The two shells do not import each other.']]),
  layer(['electron/shells/compose/**/*.ts'], [toRenderer]),
];

// What every start would pay for: the demo site's simulator, the demo card issuer, the PKCS#12
// reader (node-forge) and the CHUID signature check (pkijs, asn1js) load when first used, through
// import(); the browser host's desk loads once the page is served. A static import of one of them from the
// desk's side puts them back on every start (docs/performance.md, change 12); types are free.
const loadedWhenUsed = (name, when) => ({ regex: `(^|/)${name}$`, allowTypeImports: true, message: `${name} loads ${when} (import() where it is used): a static import puts it on every start.` });
export const startupRules = [
  {
    files: ['electron/core/**/*.ts', 'electron/shells/**/*.ts'],
    ignores: ['electron/core/vault/certificates/import-pkcs12.ts', 'electron/core/piv/chuid-signature.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            loadedWhenUsed('simulator/index', 'with the demo site'),
            loadedWhenUsed('piv-card/card-profile', 'with the first demo card'),
            loadedWhenUsed('import-pkcs12', 'with the first .p12 import'),
            loadedWhenUsed('node-forge', 'with the first .p12 import'),
            loadedWhenUsed('chuid-signature', 'with the first card read'),
            loadedWhenUsed('pkijs', 'with the first card read'),
            loadedWhenUsed('asn1js', 'with the first card read'),
            loadedWhenUsed('host-desk', 'once the browser host serves the page'),
          ],
        },
      ],
    },
  },
];

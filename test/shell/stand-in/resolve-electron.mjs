// Module resolution hook (node:module register): `electron` is the stand-in; everything else as usual.
const standIn = new URL('./electron.mjs', import.meta.url).href;

export async function resolve(specifier, context, nextResolve) {
  if (specifier === 'electron') return { url: standIn, format: 'module', shortCircuit: true };
  return nextResolve(specifier, context);
}

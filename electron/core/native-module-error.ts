/**
 * A native module built for another runtime, as Node (and Electron, which words it the same) reports
 * it when loading: "…was compiled against a different Node.js version using NODE_MODULE_VERSION 115.
 * This version of Node.js requires NODE_MODULE_VERSION 150…". The two numbers are the module's ABI and
 * the running one's; anything else is not an ABI mismatch.
 */
export function abiMismatch(error: unknown): { built: number; running: number } | undefined {
  const message = error instanceof Error ? error.message : String(error);
  const found = /NODE_MODULE_VERSION (\d+)\.[\s\S]*?requires\s+NODE_MODULE_VERSION (\d+)/.exec(message);
  return found ? { built: Number(found[1]), running: Number(found[2]) } : undefined;
}

/** What to do about a module built for another runtime, for whoever installed this desk. */
export function rebuildAdvice(packageName: string): string {
  return `run "npm start" again, which builds it for Electron, or "npm rebuild ${packageName}" for Node; an installed desk needs reinstalling`;
}

import { spawnSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * A native module built for a runtime of our choosing, compiled at test time (nothing binary is
 * committed): the smallest addon that registers itself the way NODE_MODULE does (@pokusew/pcsclite
 * does so), with `abi` as its NODE_MODULE_VERSION. Node and Electron refuse it with their own
 * "compiled against a different Node.js version" error when `abi` is not theirs; the .node reader
 * finds `abi` in its static `node_module` record. Returns the file, or why it could not be made
 * (no C compiler), so a test can say why it did not run.
 */
export function compileNativeModule(dir: string, abi: number, name = `abi-${abi}.node`): { file: string } | { reason: string } {
  const made = compile(dir, abi, name);
  // Where every real part must be there (CI), a missing compiler fails the run instead of skipping.
  if ('reason' in made && process.env.GATEHOUSE_REQUIRE_REAL_PARTS === '1') throw new Error(made.reason);
  return made;
}

function compile(dir: string, abi: number, name: string): { file: string } | { reason: string } {
  mkdirSync(dir, { recursive: true });
  const source = join(dir, `abi-${abi}.c`);
  // The record's layout is node.h's `struct node_module`; only its first field (the ABI) matters here.
  writeFileSync(
    source,
    `struct node_module { int nm_version; unsigned int nm_flags; void *nm_dso_handle; const char *nm_filename;
  void *nm_register_func; void *nm_context_register_func; const char *nm_modname; void *nm_priv; struct node_module *nm_link; };
extern void node_module_register(void *);
static void initialise(void *exports, void *module, void *priv) { (void)exports; (void)module; (void)priv; }
static struct node_module _module = { ${abi}, 0, 0, "fixture.c", (void *)initialise, 0, "fixture", 0, 0 };
__attribute__((constructor)) static void registered(void) { node_module_register(&_module); }
`,
  );
  const file = join(dir, name);
  const compiler = process.env.CC ?? 'cc';
  const built = spawnSync(compiler, ['-shared', '-fPIC', '-o', file, source], { encoding: 'utf8' });
  if (built.error) return { reason: `no C compiler to build a native-module fixture (${compiler}: ${built.error.message})` };
  if (built.status !== 0) return { reason: `${compiler} could not build the native-module fixture: ${built.stderr.trim()}` };
  return { file };
}

/** The running Node's ABI, and one that is certainly not it. */
export const nodeAbi = Number(process.versions.modules);
export const otherAbi = nodeAbi === 150 ? 140 : 150;

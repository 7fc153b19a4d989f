// Which runtime a native module (.node file) was built for, read from the file without loading it.
//
// A module built against Node's own API is tied to one ABI (NODE_MODULE_VERSION: 115 for Node 20,
// 150 for Electron 45, node-abi's table has the rest) and says which in one of two ways:
// - it exports `node_register_module_v<ABI>` (NODE_MODULE_INIT, NAN_MODULE_WORKER_ENABLED, what
//   better-sqlite3 does): the symbol name is in the file's export table, in ELF, PE and Mach-O alike;
// - or it only registers itself when loaded (NODE_MODULE: @pokusew/pcsclite), with a static
//   `node_module` record whose first field is the ABI; an ELF file's symbol table says where it is.
// A module built on N-API (`napi_register_module_v1`, or `napi_module_register` when it registers
// itself) is ABI-stable: one build loads in every Node and Electron, so it needs no rebuild.
import { readFileSync } from 'node:fs';

/**
 * @typedef {{ kind: 'node', abi: number, from: 'export' | 'registration' }
 *   | { kind: 'napi' }
 *   | { kind: 'unknown', reason: string }} NativeAbi
 */

/**
 * @param {Buffer | Uint8Array | string} file the file's bytes, or its path
 * @returns {NativeAbi}
 */
export function readNativeAbi(file) {
  const bytes = typeof file === 'string' ? readFileSync(file) : Buffer.from(file.buffer, file.byteOffset, file.byteLength);
  const text = bytes.toString('latin1');
  // Symbol names end in NUL in every format's string table; Mach-O prefixes them with "_".
  const exported = [...text.matchAll(/(?<=^|\0)_?node_register_module_v(\d+)(?=\0)/g)].map((m) => Number(m[1]));
  if (exported.length > 0) {
    const abis = [...new Set(exported)];
    if (abis.length > 1) return { kind: 'unknown', reason: `it names more than one ABI (${abis.join(', ')})` };
    return { kind: 'node', abi: abis[0], from: 'export' };
  }
  if (/(?<=^|\0)_?(?:napi_register_module_v1|napi_module_register)(?=\0)/.test(text)) return { kind: 'napi' };
  if (isElf(bytes)) {
    const registered = elfRegistrationAbi(bytes);
    if (registered !== undefined) return { kind: 'node', abi: registered, from: 'registration' };
    return { kind: 'unknown', reason: 'it exports no registration symbol and its symbol table names no node_module record' };
  }
  return { kind: 'unknown', reason: 'it exports no registration symbol (neither node_register_module_v<N> nor N-API)' };
}

const isElf = (bytes) => bytes.length > 64 && bytes.readUInt32BE(0) === 0x7f454c46;

/**
 * The ABI in a self-registering module's static `node_module` record (`_module`, `_ZL7_module` from
 * C++), found through the ELF symbol tables: its first field, an int, is NODE_MODULE_VERSION.
 * Little-endian ELF only (every platform Gatehouse ships on).
 * @param {Buffer} bytes
 * @returns {number | undefined}
 */
function elfRegistrationAbi(bytes) {
  const is64 = bytes[4] === 2;
  if (bytes[5] !== 1) return undefined;
  const word = (at) => (is64 ? Number(bytes.readBigUInt64LE(at)) : bytes.readUInt32LE(at));
  const sectionTable = word(is64 ? 0x28 : 0x20);
  const entrySize = bytes.readUInt16LE(is64 ? 0x3a : 0x2e);
  const count = bytes.readUInt16LE(is64 ? 0x3c : 0x30);
  const sections = [];
  for (let i = 0; i < count; i++) {
    const at = sectionTable + i * entrySize;
    if (at + entrySize > bytes.length) return undefined;
    sections.push({
      type: bytes.readUInt32LE(at + 4),
      address: word(at + (is64 ? 0x10 : 0x0c)),
      offset: word(at + (is64 ? 0x18 : 0x10)),
      size: word(at + (is64 ? 0x20 : 0x14)),
      link: bytes.readUInt32LE(at + (is64 ? 0x28 : 0x18)),
      entrySize: word(at + (is64 ? 0x38 : 0x24)),
    });
  }
  const SYMTAB = 2;
  const DYNSYM = 11;
  for (const table of sections.filter((s) => s.type === SYMTAB || s.type === DYNSYM)) {
    const names = sections[table.link];
    if (!names || !table.entrySize) continue;
    for (let at = table.offset; at + table.entrySize <= table.offset + table.size; at += table.entrySize) {
      const nameAt = names.offset + bytes.readUInt32LE(at);
      const end = bytes.indexOf(0, nameAt);
      const name = bytes.toString('latin1', nameAt, end);
      if (!/^(?:_ZL\d+)?_module$/.test(name)) continue;
      const sectionIndex = bytes.readUInt16LE(at + (is64 ? 6 : 14));
      const value = is64 ? Number(bytes.readBigUInt64LE(at + 8)) : bytes.readUInt32LE(at + 4);
      const home = sections[sectionIndex];
      if (!home || value < home.address || value + 4 > home.address + home.size) continue;
      return bytes.readInt32LE(home.offset + (value - home.address));
    }
  }
  return undefined;
}

/**
 * Each native module checked against the runtime that will load it.
 * @param {string[]} files paths of .node files
 * @param {{ abi: number, runtime: string, load?: (file: string) => { loaded: true } | { loaded: false, reason: string } }} target
 *   `load` tries a module the file does not tell about in the target runtime itself (packaging does,
 *   with the Electron it packages); without it such a module is refused.
 * @returns {{ file: string, ok: boolean, found: string, problem?: string }[]}
 */
export function checkNativeAbis(files, target) {
  return files.map((file) => {
    const abi = readNativeAbi(file);
    if (abi.kind === 'napi') return { file, ok: true, found: 'N-API (any runtime)' };
    if (abi.kind === 'node') {
      if (abi.abi === target.abi) return { file, ok: true, found: `ABI ${abi.abi}` };
      return { file, ok: false, found: `ABI ${abi.abi}`, problem: `built for ABI ${abi.abi}, but ${target.runtime} needs ABI ${target.abi}` };
    }
    const tried = target.load?.(file);
    if (tried?.loaded) return { file, ok: true, found: `loaded by ${target.runtime}` };
    return {
      file,
      ok: false,
      found: 'unknown',
      problem: tried ? `${target.runtime} could not load it: ${tried.reason}` : `its runtime cannot be told: ${abi.reason}`,
    };
  });
}

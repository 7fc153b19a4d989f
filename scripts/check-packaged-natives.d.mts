import type { NativeAbiCheck } from './native-abi.mjs';
export function nativeFilesUnder(dir: string): string[];
export function loadInElectron(electronPath: string): (file: string) => { loaded: true } | { loaded: false; reason: string };
export function checkPackagedNatives(options: {
  appOutDir: string;
  electronVersion: string;
  load?: (file: string) => { loaded: true } | { loaded: false; reason: string };
}): { abi: number; results: NativeAbiCheck[]; ok: boolean };
export default function afterPack(context: {
  appOutDir: string;
  electronPlatformName: string;
  packager: { info: { framework: { version: string } } };
}): Promise<void>;
export { afterPack };

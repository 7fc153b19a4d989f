export interface NativeModule {
  name: string;
  binding: string;
  optional: boolean;
}
export const ELECTRON_NATIVE_MODULES: NativeModule[];
export function nativeBuildDir(root: string, electronVersion: string, platform?: string, arch?: string): string;
export function electronAbi(electronPath: string): { abi: number } | { reason: string };
export interface RebuildRequest {
  buildPath: string;
  electronVersion: string;
  arch: string;
  onlyModules: string[];
  types: string[];
}
export function electronHeadersAvailable(
  electronVersion: string,
  options?: { devDir?: string; fetchImpl?: typeof fetch },
): Promise<{ ok: true } | { ok: false; reason: string }>;
export function prepareElectronNatives(options: {
  root: string;
  electronVersion: string;
  abi: number;
  rebuild?: (options: RebuildRequest) => Promise<void>;
  headersAvailable?: (electronVersion: string) => Promise<{ ok: true } | { ok: false; reason: string }>;
  log?: (line: string) => void;
}): Promise<{ ok: true; dir: string; reused: boolean; modules: string[] } | { ok: false; reason: string }>;

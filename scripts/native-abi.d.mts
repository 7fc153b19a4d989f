export type NativeAbi = { kind: 'node'; abi: number; from: 'export' | 'registration' } | { kind: 'napi' } | { kind: 'unknown'; reason: string };
export function readNativeAbi(file: Buffer | Uint8Array | string): NativeAbi;
export interface NativeAbiCheck {
  file: string;
  ok: boolean;
  found: string;
  problem?: string;
}
export function checkNativeAbis(
  files: string[],
  target: { abi: number; runtime: string; load?: (file: string) => { loaded: true } | { loaded: false; reason: string } },
): NativeAbiCheck[];

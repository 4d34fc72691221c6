/** Types of scripts/precompress.mjs for the admin's Vite config (admin/vite.config.ts). */
export interface PrecompressSizes {
  identity: number;
  br: number;
  gzip: number;
}
export function precompressBeside(dir: string): Promise<PrecompressSizes>;
export function precompressInto(store: string, paths: string[]): Promise<PrecompressSizes>;
export function describe(what: string, sizes: PrecompressSizes): string;

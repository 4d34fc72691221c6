import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

import type { EnvironmentContext, JestEnvironmentConfig } from '@jest/environment';
import { TestEnvironment } from 'jest-environment-node';

import type { EmbeddedAssets } from '../../src/platform/db/database';

/**
 * Jest's Node environment plus PGlite's code, read once per worker. Every test file has its own module registry,
 * so PGlite would read its 15 MB of WebAssembly and file-system bundle again for every test server; this module
 * is loaded once per worker, outside the registries, and keeps the bytes. Each test file compiles the module
 * with its own realm's `WebAssembly` (PGlite checks `instanceof WebAssembly.Module`, which a module from another
 * realm fails); V8 reuses the machine code of identical bytes within the process, so that compile is cheap.
 * Handed to the test server through `globalThis.svcEmbeddedAssets()` (test/harness/server.ts); read on first
 * use, so unit runs never pay for it.
 */
let bytes: Promise<{ wasm: Buffer; data: Buffer }> | undefined;

function pgliteBytes(): Promise<{ wasm: Buffer; data: Buffer }> {
  bytes ??= (async () => {
    const dist = dirname(require.resolve('@electric-sql/pglite'));
    const [wasm, data] = await Promise.all([readFile(join(dist, 'pglite.wasm')), readFile(join(dist, 'pglite.data'))]);
    return { wasm, data };
  })();
  return bytes;
}

interface RealmWebAssembly {
  compile(bytes: Buffer): Promise<EmbeddedAssets['pgliteWasmModule']>;
}

export default class SvcTestEnvironment extends TestEnvironment {
  constructor(config: JestEnvironmentConfig, context: EnvironmentContext) {
    super(config, context);
    const realm = this.global as unknown as { WebAssembly: RealmWebAssembly };
    let assets: Promise<EmbeddedAssets> | undefined;
    this.global.svcEmbeddedAssets = () =>
      (assets ??= pgliteBytes().then(async ({ wasm, data }) => ({
        pgliteWasmModule: await realm.WebAssembly.compile(wasm),
        fsBundle: new Blob([data]),
      })));
  }
}

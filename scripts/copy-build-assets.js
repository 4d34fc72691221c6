#!/usr/bin/env node
// `npm run build` compiles TypeScript only; the plugins' static files (pay page script, styles) are read at
// run time from next to their module, so they are copied into dist/ beside the compiled code.
const { cpSync, existsSync, readdirSync } = require('node:fs');
const { join } = require('node:path');

const root = join(__dirname, '..');
for (const plugin of readdirSync(join(root, 'plugins'))) {
  const assets = join(root, 'plugins', plugin, 'assets');
  if (existsSync(assets)) cpSync(assets, join(root, 'dist', 'plugins', plugin, 'assets'), { recursive: true });
}

#!/usr/bin/env node
// The `svc` binary: runs the compiled build when present, else the TypeScript sources through swc.
const { existsSync } = require('node:fs');
const { join } = require('node:path');

const built = join(__dirname, '..', 'dist', 'src', 'main.js');
if (existsSync(built) && !process.env.SVC_FROM_SOURCE) {
  require(built);
} else {
  // MCP clients (Claude Desktop, Cursor) start `svc` from any folder: compile with this project's settings.
  process.env.SWC_NODE_PROJECT ??= join(__dirname, '..', 'tsconfig.json');
  require('@swc-node/register');
  require(join(__dirname, '..', 'src', 'main.ts'));
}

/** Writes `docs/mcp-tools.md` (the MCP tool list, generated from the route table and plugins). */
import 'reflect-metadata';

import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { renderMcpToolsDoc } from '../app/mcp-docs';
import { packageRoot } from '../src/platform/paths';

const file = join(packageRoot(), 'docs', 'mcp-tools.md');
writeFileSync(file, renderMcpToolsDoc());
console.log(`wrote ${file}`);

import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { renderMcpToolsDoc } from '../../app/mcp-docs';
import { packageRoot } from '../../src/platform/paths';

describe('docs/mcp-tools.md', () => {
  it('lists exactly the tools the MCP servers serve (run `npm run mcp:docs` after changing routes)', () => {
    expect(readFileSync(join(packageRoot(), 'docs', 'mcp-tools.md'), 'utf8')).toBe(renderMcpToolsDoc());
  });
});

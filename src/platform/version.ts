import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { packageRoot } from './paths';

/** The service's semver, read once from package.json. */
export const SERVICE_VERSION: string = JSON.parse(readFileSync(join(packageRoot(), 'package.json'), 'utf8')).version;

/**
 * The telemetry preload: `node -r dist/src/platform/telemetry/register.js …` (`scripts/svc.js` does it by itself
 * when an `OTEL_*` variable is set). Without one it loads nothing.
 */
import type * as Sdk from './sdk';
import { telemetryRequested } from './switch';

// eslint-disable-next-line @typescript-eslint/no-require-imports
if (telemetryRequested()) (require('./sdk') as typeof Sdk).startSdk();

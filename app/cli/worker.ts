import type { Config } from '../../src/platform/config/keys';
import type { Logger } from '../../src/platform/logger';
import { shutdownTelemetry } from '../../src/platform/telemetry';
import { startWorker } from '../worker';

/**
 * `svc worker`: the background work without the public API, until SIGTERM or SIGINT, which stop it gracefully
 * (the relay finishes and records what it leased, so no lease outlives the process). A second signal is only
 * logged: it must not cut the shutdown the first began.
 */
export async function workerCommand(config: Config, log: Logger): Promise<void> {
  const worker = await startWorker({ config, log });
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return void log.info({ signal }, 'already shutting down');
    stopping = true;
    log.info({ signal }, 'worker shutting down');
    worker
      .close()
      .then(() => shutdownTelemetry())
      .then(
        () => process.exit(0),
        (err) => {
          log.error({ err: String(err) }, 'worker shutdown failed');
          process.exit(1);
        },
      );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

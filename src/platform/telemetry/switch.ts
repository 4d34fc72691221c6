/**
 * Whether this process exports telemetry: any standard `OTEL_*` variable turns the OpenTelemetry SDK on (the
 * exporters, protocol, sampler and resource then follow the standard variables), `OTEL_SDK_DISABLED=true` turns it
 * off again. Nothing here loads OpenTelemetry: `scripts/svc.js` asks before it decides to preload the SDK.
 */
export function telemetryRequested(env: NodeJS.ProcessEnv = process.env): boolean {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') return false;
  return Object.keys(env).some((name) => name.startsWith('OTEL_') && env[name]);
}

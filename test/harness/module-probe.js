// Preloaded (`node -r test/harness/module-probe.js …`) into a server under test: when the process exits it writes
// the OpenTelemetry and Prisma-instrumentation modules it had loaded (from require.cache) to $OBS_PROBE_OUT.
const { writeFileSync } = require('node:fs');

const out = process.env.OBS_PROBE_OUT;
if (out)
  process.on('exit', () => {
    const loaded = Object.keys(require.cache).filter((path) =>
      /[\\/]node_modules[\\/](@opentelemetry|@prisma[\\/]instrumentation)[\\/]/.test(path),
    );
    writeFileSync(out, JSON.stringify(loaded));
  });

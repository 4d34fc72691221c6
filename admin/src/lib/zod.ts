import { z } from 'zod';

// Zod 4 probes `new Function` to compile faster parsers; under the page's CSP (no 'unsafe-eval') that probe is a
// reported violation. Jitless parsing is plenty fast for forms.
z.config({ jitless: true });

export { z };

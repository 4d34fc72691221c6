/**
 * No URL is a 500: a malformed percent-escape anywhere in the path, on every router the app mounts (admin and its
 * assets, uploads, GraphiQL, the REST explorer's assets, MCP, the plugins' raw routes, rows and assets, every REST
 * route), is 400 `validation_error` / `invalid_encoding` with the error envelope, logged without an error line;
 * bad escapes in a query string are never a 500 either, and every answer carries `nosniff`. The mounts are read from the app's own router stack, so a
 * router added later is probed without touching this file.
 */
import { ROUTES } from '../../app/domains';
import { adminDistDir } from '../../src/http/admin-page';
import { startWithBundledPlugins } from '../harness/bundled-plugins';
import { captureLog } from '../harness/capture-log';
import type { TestServer } from '../harness/server';

const BAD_ESCAPES = ['%ff', '%E0%A4%A'];
const BAD = '__BAD__';

/** The parts of Express 5's router layers this test reads. */
interface Layer {
  rawPath?: string | RegExp | Array<string | RegExp>;
  slash?: boolean;
  route?: { path: string | RegExp };
  handle: { stack?: Layer[] };
}

/**
 * Where a regular-expression route of the app is probed (Express's stack cannot say which paths a RegExp
 * matches): a new one fails the walk until it is listed here.
 */
const REGEXP_SAMPLES: Record<string, string> = {
  [String(/^\/admin(\/.*)?$/)]: `/admin/${BAD}`,
  [String(/^\/store(\/.*)?$/)]: `/store/${BAD}`,
};

/**
 * A probe path of a route template: each parameter (`:id`, `*rest`, `{id}`) replaced by the bad escape; a route
 * without one gets it at the end of its last segment (`/deliveries` + `/%ff` would be `/deliveries/{id}`'s path).
 */
const fill = (template: string) => {
  const filled = template.replace(/\{\/?[*:]?\w+\}|[:*]\w+|\{\w+\}/g, `/${BAD}`).replace(/\/\/+/g, '/');
  return filled.includes(BAD) ? filled : `${filled.replace(/\/$/, '')}${BAD}`;
};

/** A probe below a mount (static files, Apollo, a plugin's routes). */
const below = (mount: string) => `${mount.replace(/\/$/, '')}/${BAD}`;

/** Probe paths for every route and mount of `stack` (recursing into routers), under `prefix`. */
function probesOf(stack: Layer[], prefix = ''): string[] {
  const probes: string[] = [];
  for (const layer of stack) {
    const paths = layer.route ? [layer.route.path] : [layer.rawPath ?? '/'].flat();
    for (const path of paths) {
      if (path instanceof RegExp) {
        const sample = REGEXP_SAMPLES[String(path)];
        if (!sample) throw new Error(`no probe for the mounted RegExp ${String(path)}: add one to REGEXP_SAMPLES`);
        probes.push(prefix + sample);
        continue;
      }
      const here = layer.slash || path === '/' ? prefix : prefix + path;
      if (layer.route) probes.push(fill(here));
      else if (layer.handle.stack) probes.push(...probesOf(layer.handle.stack, here));
      // A mount with a handler of its own (static files, Apollo, a plugin's routes): below its path.
      else if (here !== prefix) probes.push(below(here));
    }
  }
  return probes;
}

let t: TestServer;
let close: (() => Promise<void>) | undefined;
const { log, entries } = captureLog('info');

beforeAll(async () => {
  ({ t, close } = await startWithBundledPlugins({ log }));
});
afterAll(async () => {
  await close?.();
});

/**
 * The field a malformed path is answered with: the first parameter of the REST route (core or plugin row) the
 * path belongs to, the one of its method first, as the REST adapter answers; `path` for anything else.
 */
function fieldFor(method: string, path: string): string {
  const templates = [
    ...ROUTES.map((r) => ({ method: r.method as string, path: r.path })),
    ...t.service.plugins.routeTable().map((r) => ({ method: r.spec.method as string, path: r.spec.path })),
  ];
  const probe = path.replaceAll(BAD, 'x');
  const matching = templates.filter((r) => new RegExp(`^${r.path.replace(/\{\w+\}/g, '[^/]+')}/?$`).test(probe));
  const route = matching.find((r) => r.method === method) ?? matching[0];
  return (route && /\{(\w+)\}/.exec(route.path)?.[1]) ?? 'path';
}

/** Every probe: the app's mounts, the plugins' routes and assets, and each REST route, with the field it names. */
function allProbes(): Array<{ method: string; path: string; field: string }> {
  const app = t.service.app as unknown as { router: { stack: Layer[] } };
  const probes = [
    ...probesOf(app.router.stack).map((path) => ({ method: 'GET', path })),
    ...t.service.plugins.mountedRoutes().flatMap((r) => r.methods.map((method) => ({ method, path: fill(r.path) }))),
    ...['payprov', 'automation'].map((name) => ({ method: 'GET', path: below(`/plugins/${name}/assets`) })),
    ...ROUTES.map((r) => ({ method: r.method as string, path: fill(r.path) })),
  ];
  const distinct = new Map(probes.map((p) => [`${p.method} ${p.path}`, p]));
  return [...distinct.values()].map((p) => ({ ...p, field: fieldFor(p.method, p.path) }));
}

async function send(method: string, path: string, auth: string) {
  const res = await fetch(t.url + path, {
    method,
    headers: { authorization: auth, 'content-type': 'application/json', 'x-csrf-token': 'x', cookie: 'csrf_token=x' },
    body: ['GET', 'HEAD'].includes(method) ? undefined : '{}',
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, text };
}

describe('malformed percent-encoding in a URL', () => {
  it('the walk reaches every kind of mount', () => {
    const paths = allProbes().map((p) => p.path);
    const expected = [
      '/uploads/',
      '/graphiql/',
      '/graphql/',
      '/mcp/store',
      '/api/v1/docs/assets/',
      '/api/v1/store/payprov/',
      '/plugins/payprov/pay/',
      '/plugins/automation/deliveries/',
      ...(adminDistDir() ? ['/admin/'] : []),
    ];
    for (const prefix of expected) expect(paths.some((p) => p.startsWith(prefix))).toBe(true);
  });

  it.each(BAD_ESCAPES)(
    '%s in any path is 400 invalid_encoding with the envelope (the parameter named), never a 500',
    async (bad) => {
      const auth = (await t.asSuperAdmin().authHeader()) as string;
      const before = entries.length;
      const wrong: string[] = [];
      for (const probe of allProbes()) {
        const res = await send(probe.method, probe.path.replaceAll(BAD, bad), auth);
        const body = res.text ? (JSON.parse(res.text) as { errors: unknown[] }) : undefined;
        const expected = [{ code: 'validation_error', detail: 'invalid_encoding', field: probe.field }];
        if (
          res.status !== 400 ||
          JSON.stringify(body?.errors) !== JSON.stringify(expected) ||
          res.headers.get('x-content-type-options') !== 'nosniff'
        )
          wrong.push(
            `${probe.method} ${probe.path.replaceAll(BAD, bad)} (${probe.field}): ${res.status} ${res.text.slice(0, 200)}`,
          );
      }
      expect(wrong).toEqual([]);
      // A client's mistake: the request line, never an error with a stack.
      expect(entries.slice(before).filter((e) => Number(e.level) >= 40)).toEqual([]);
    },
  );

  it('a bad escape in a query string is never a 500', async () => {
    const auth = (await t.asSuperAdmin().authHeader()) as string;
    const before = entries.length;
    const paths = [
      ...probesOf((t.service.app as unknown as { router: { stack: Layer[] } }).router.stack),
      ...ROUTES.filter((r) => r.method === 'GET' && !r.path.includes('{')).map((r) => r.path),
    ].map((p) => p.replace(`/${BAD}`, '').replace(BAD, 'x') || '/');
    const failed: string[] = [];
    for (const path of new Set(paths)) {
      for (const bad of BAD_ESCAPES) {
        const res = await send('GET', `${path}?q=${bad}&${bad}=1&search=a${bad}b&page=${bad}`, auth);
        if (res.status >= 500 || res.headers.get('x-content-type-options') !== 'nosniff')
          failed.push(`${path}?…${bad}: ${res.status} ${res.text.slice(0, 200)}`);
      }
    }
    expect(failed).toEqual([]);
    expect(entries.slice(before).filter((e) => Number(e.level) >= 50)).toEqual([]);
  });
});

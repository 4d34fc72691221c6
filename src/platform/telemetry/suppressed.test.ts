import * as otelApi from '@opentelemetry/api';
import { suppressTracing } from '@opentelemetry/core';

import { skipPrismaSpansWhenSuppressed } from './head-sampling';
import { inSpan } from './spans';
import { telemetryState as state } from './state';

/**
 * Under a suppressed context (a request the head sampler refused) neither the service's spans nor Prisma's ask the
 * tracer, which would only answer with a non-recording span and a context scope (D-297).
 */

/** Enough of a context manager for synchronous checks: `with` makes a context active for the call. */
class StackContextManager implements otelApi.ContextManager {
  private current = otelApi.ROOT_CONTEXT;
  active() {
    return this.current;
  }
  with<A extends unknown[], F extends (...args: A) => ReturnType<F>>(
    context: otelApi.Context,
    fn: F,
    thisArg?: ThisParameterType<F>,
    ...args: A
  ): ReturnType<F> {
    const saved = this.current;
    this.current = context;
    try {
      return fn.call(thisArg, ...args);
    } finally {
      this.current = saved;
    }
  }
  bind<T>(_context: otelApi.Context, target: T): T {
    return target;
  }
  enable() {
    return this;
  }
  disable() {
    return this;
  }
}

const suppressed = suppressTracing(otelApi.ROOT_CONTEXT);

describe('spans under a suppressed context', () => {
  const asked: string[] = [];
  const tracer = {
    startActiveSpan: (name: string, _options: unknown, fn: (span: otelApi.Span) => unknown) => {
      asked.push(name);
      return fn(otelApi.trace.wrapSpanContext(otelApi.INVALID_SPAN_CONTEXT));
    },
  } as unknown as otelApi.Tracer;

  beforeAll(() => {
    otelApi.context.setGlobalContextManager(new StackContextManager());
    state.api = otelApi;
    state.tracer = tracer;
  });
  afterAll(() => {
    otelApi.context.disable();
    state.api = undefined;
    state.tracer = undefined;
    delete (globalThis as { PRISMA_INSTRUMENTATION?: unknown }).PRISMA_INSTRUMENTATION;
  });
  beforeEach(() => void (asked.length = 0));

  it('the service’s own spans: asked for outside, not inside', async () => {
    await expect(inSpan('query Outside', {}, async () => 1)).resolves.toBe(1);
    await expect(otelApi.context.with(suppressed, () => inSpan('query Inside', {}, async () => 2))).resolves.toBe(2);
    expect(asked).toEqual(['query Outside']);
  });

  it('Prisma’s spans: its helper calls back without a span inside, as for an ignored span type', () => {
    const helper = {
      runInChildSpan: (options: { name: string }, callback: (...args: unknown[]) => unknown) => {
        asked.push(options.name);
        return callback('span');
      },
    };
    (globalThis as { PRISMA_INSTRUMENTATION?: unknown }).PRISMA_INSTRUMENTATION = { helper };
    expect(skipPrismaSpansWhenSuppressed()).toBe(true);
    const callback = (...args: unknown[]) => args.length;
    expect(helper.runInChildSpan({ name: 'operation' }, callback)).toBe(1);
    expect(otelApi.context.with(suppressed, () => helper.runInChildSpan({ name: 'db_query' }, callback))).toBe(0);
    expect(asked).toEqual(['operation']);
  });

  it('no helper registered (no Prisma instrumentation): nothing to wrap', () => {
    delete (globalThis as { PRISMA_INSTRUMENTATION?: unknown }).PRISMA_INSTRUMENTATION;
    expect(skipPrismaSpansWhenSuppressed()).toBe(false);
  });
});

/** What one attempt came to. `statusCode` is absent when no answer arrived (network error, timeout). */
export interface AttemptOutcome {
  ok: boolean;
  statusCode: number | null;
  error: string | null;
  responseBody: string | null;
  durationMs: number;
}

const BODY_PREFIX = 512;

/**
 * POSTs one event. Redirects are not followed (a 3xx is a failure: the receiver moved, the operator must say
 * where), only a 2xx counts as delivered, the whole attempt has `timeoutMs`, and at most the first 512
 * characters of the answer are read and kept.
 */
export async function postEvent(
  url: string,
  body: string,
  headers: Record<string, string>,
  timeoutMs: number,
): Promise<AttemptOutcome> {
  const started = performance.now();
  const signal = AbortSignal.timeout(timeoutMs);
  const took = () => Math.round(performance.now() - started);
  try {
    const res = await fetch(url, { method: 'POST', headers, body, redirect: 'manual', signal });
    const responseBody = await readPrefix(res);
    const ok = res.status >= 200 && res.status < 300;
    return { ok, statusCode: res.status, error: ok ? null : `HTTP ${res.status}`, responseBody, durationMs: took() };
  } catch (err) {
    const error = signal.aborted ? `timed out after ${timeoutMs} ms` : describe(err);
    return { ok: false, statusCode: null, error, responseBody: null, durationMs: took() };
  }
}

async function readPrefix(res: Response): Promise<string | null> {
  if (!res.body) return null;
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    while (size < BODY_PREFIX * 4) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      size += value.length;
    }
  } catch {
    // A receiver that breaks off mid-answer: keep what arrived.
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  const text = Buffer.concat(chunks).toString('utf8').slice(0, BODY_PREFIX);
  return text.replace(/\u0000/g, '') || null;
}

function describe(err: unknown): string {
  const cause = (err as { cause?: { code?: string; message?: string } }).cause;
  const text = cause?.code ?? cause?.message ?? (err instanceof Error ? err.message : String(err));
  return text.slice(0, 1000);
}

import { refreshSession } from '../../api/client';
import { ApiError, type ErrorEntry } from '../../api/errors';

/**
 * One file to REST's multipart media route (`POST /api/v1/admin/media`): the file travels as itself, bounded by
 * the service's `server.max_upload_size`, not base64 inside a JSON body bounded by `server.max_body_size`
 * (which capped the admin at 750 kB whatever the server allowed). Same credentials as the GraphQL client: the
 * session cookies, the `csrf_token` cookie echoed as `X-CSRF-Token`, one silent refresh on an expired session.
 */
export async function uploadMedia(file: File, mayRefresh = true): Promise<{ id: string; url: string }> {
  const form = new FormData();
  form.append('file', file, file.name);
  const headers: Record<string, string> = { accept: 'application/json' };
  const csrf = document.cookie.match(/(?:^|;\s*)csrf_token=([^;]*)/)?.[1];
  if (csrf) headers['x-csrf-token'] = csrf;
  let res: Response;
  try {
    res = await fetch('/api/v1/admin/media', { method: 'POST', headers, body: form, credentials: 'same-origin' });
  } catch {
    throw new ApiError('connection lost', 'network');
  }
  if (res.status === 401 && mayRefresh && (await refreshSession())) return uploadMedia(file, false);
  let body: { data?: { id: string; url: string }; errors?: ErrorEntry[] };
  try {
    body = await res.json();
  } catch {
    throw new ApiError(`unexpected answer from the service (HTTP ${res.status})`, 'unavailable');
  }
  if (res.status === 401) throw new ApiError('session expired', 'session', 'unauthorized');
  const entries = body.errors ?? [];
  if (!res.ok || !body.data)
    throw new ApiError(entries[0]?.detail ?? `HTTP ${res.status}`, 'api', entries[0]?.code, entries);
  return body.data;
}

/** Bytes for reading: 786432 → "768 kB", 33554432 → "32 MB" (binary units, as the server counts). */
export function sizeText(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  if (mb >= 1) return `${Number(mb.toFixed(1))} MB`;
  return `${Math.floor(bytes / 1024)} kB`;
}

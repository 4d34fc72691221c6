import express, { type NextFunction, type Request, type Response } from 'express';

import { AppError } from '../shared/errors';
import { TextMemo } from '../shared/text-memo';
import { watchBodyProgress } from './body-idle';
import { graphqlDepthExceeds, jsonDepthExceeds, tooDeep } from './json-depth';
import { isGraphqlPath, sendErrorFor } from './send';

const WITH_BODY = new Set(['POST', 'PUT', 'PATCH']);
const JSON_TYPE = /^application\/([a-z0-9.+-]*\+)?json\b/i;
const MULTIPART_TYPE = /^multipart\/form-data\b/i;

export interface BodyLimits {
  /** Deepest nesting of arrays/objects a JSON body may have (`server.max_json_depth`). */
  maxDepth: number;
  /** A body with no byte arriving for this long is cut with 408 (`server.body_idle_timeout_seconds`). */
  idleMs: number;
}

const DEFAULT_LIMITS: BodyLimits = { maxDepth: 64, idleMs: 15_000 };

/** Marks the depth check's refusal so the parser's callback can tell it from the parser's own errors. */
class TooDeep extends Error {
  readonly type = 'entity.too.deep';
  readonly status = 400;
}

const texts = (value: unknown): string[] =>
  (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === 'string');

/**
 * GraphQL over GET carries `variables` and `extensions` as JSON text in the query string: the same depth
 * limit as a body, checked before the response cache or Apollo parse them.
 */
function graphqlParamsTooDeep(req: Request, maxDepth: number): string | undefined {
  if (req.method !== 'GET' || !isGraphqlPath(req)) return undefined;
  const query = req.query as Record<string, unknown>;
  return ['variables', 'extensions'].find((name) => texts(query[name]).some((t) => jsonDepthExceeds(t, maxDepth)));
}

/**
 * What {@link graphqlDocumentTooDeep} remembers: up to 256 verdicts (then it starts over), on documents up to
 * 16 kB (so at most 4 MB of text; a longer document is scanned every time).
 */
const VERDICTS_KEPT = 256;
const LONGEST_REMEMBERED = 16_384;

/**
 * A GraphQL document (GET `query` parameter or POST body field) nested deeper than the limit: 400 `invalid_query`.
 * A shop's clients send the same few documents again and again, so the verdict on a document is remembered
 * (`verdicts`, per limit) and its next copy costs a comparison instead of a scan.
 */
function graphqlDocumentTooDeep(req: Request, maxDepth: number, verdicts: TextMemo<boolean>): AppError | undefined {
  if (!isGraphqlPath(req)) return undefined;
  const source =
    req.method === 'GET'
      ? (req.query as Record<string, unknown>).query
      : (req.body as { query?: unknown } | undefined)?.query;
  const exceeds = (text: string) =>
    text.length > LONGEST_REMEMBERED
      ? graphqlDepthExceeds(text, maxDepth)
      : verdicts.remember(text, VERDICTS_KEPT, (t) => graphqlDepthExceeds(t, maxDepth));
  if (!texts(source).some(exceeds)) return undefined;
  return new AppError('invalid_query', `the document nests deeper than ${maxDepth} levels`, { field: 'query' });
}

/**
 * Parses JSON bodies up to `limit` bytes. A body of another type is 415 `unsupported_media_type`
 * (multipart passes through to the upload routes), an oversized one 413 `body_too_large`, broken JSON
 * 400 `invalid_json`, JSON nested deeper than `maxDepth` 400 `validation_error` (`max_depth`, checked on the
 * raw bytes before parsing; also for raw webhook bodies and GraphQL GET parameters). Non-object JSON is parsed
 * so the adapter can name the problem (`field` "", `type`). Every request with a body, whatever its type, is
 * cut with 408 when the body stops arriving for `idleMs` (see {@link watchBodyProgress}).
 */
export function jsonBody(
  limit: number,
  keepRaw: (path: string) => boolean = () => false,
  limits: BodyLimits = DEFAULT_LIMITS,
) {
  const { maxDepth } = limits;
  const documentVerdicts = new TextMemo<boolean>();
  const verify = (_req: unknown, _res: unknown, buf: Buffer) => {
    if (jsonDepthExceeds(buf, maxDepth)) throw new TooDeep('JSON nested too deep');
  };
  const parse = express.json({ limit, strict: false, type: () => true, verify });
  const raw = express.raw({ limit, type: () => true });
  // Raw (webhook) bodies keep their bytes for the signature, but JSON ones get the same depth bound.
  const rawJson = express.raw({ limit, type: () => true, verify });
  return (req: Request, res: Response, next: NextFunction) => {
    const hasBody = req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0;
    if (hasBody) watchBodyProgress(req, res, limits.idleMs);
    const deepParam = graphqlParamsTooDeep(req, maxDepth);
    if (deepParam) return sendErrorFor(req, res, tooDeep(deepParam));
    const deepDocument = req.method === 'GET' ? graphqlDocumentTooDeep(req, maxDepth, documentVerdicts) : undefined;
    if (deepDocument) return sendErrorFor(req, res, deepDocument);
    if (!WITH_BODY.has(req.method) || !hasBody) return next();
    // A webhook receiver verifies a signature over the exact bytes before anything interprets them.
    if (keepRaw(req.path))
      return (JSON_TYPE.test(req.get('content-type') ?? '') ? rawJson : raw)(req, res, (err?: unknown) => {
        // The idle cut (408) may have answered already; the parser then reports the aborted body.
        if (res.headersSent) return;
        if (!err) return next();
        if (err instanceof TooDeep) return sendErrorFor(req, res, tooDeep());
        if ((err as { type?: string }).type === 'entity.too.large')
          return sendErrorFor(req, res, new AppError('body_too_large', `request body exceeds ${limit} bytes`));
        sendErrorFor(req, res, new AppError('invalid_json', 'the request body could not be read'));
      });
    const type = req.get('content-type') ?? '';
    if (MULTIPART_TYPE.test(type)) return next();
    if (!JSON_TYPE.test(type))
      return sendErrorFor(req, res, new AppError('unsupported_media_type', 'content type must be application/json'));
    parse(req, res, (err?: unknown) => {
      if (res.headersSent) return;
      if (!err) {
        const deepDocument = graphqlDocumentTooDeep(req, maxDepth, documentVerdicts);
        return deepDocument ? sendErrorFor(req, res, deepDocument) : next();
      }
      if (err instanceof TooDeep) return sendErrorFor(req, res, tooDeep());
      const type = (err as { type?: string }).type;
      if (type === 'entity.too.large')
        return sendErrorFor(req, res, new AppError('body_too_large', `request body exceeds ${limit} bytes`));
      if (type === 'entity.parse.failed') return sendErrorFor(req, res, new AppError('invalid_json'));
      if (type === 'encoding.unsupported' || type === 'charset.unsupported')
        return sendErrorFor(req, res, new AppError('unsupported_media_type', 'unsupported body encoding'));
      // Anything else the parser blames on the request (a corrupt gzip stream, a length that does not match the
      // body, an aborted upload) is the client's fault: a 400, not a 500.
      const status = (err as { status?: number }).status;
      if (status && status >= 400 && status < 500)
        return sendErrorFor(req, res, new AppError('invalid_json', 'the request body could not be read'));
      next(err);
    });
  };
}

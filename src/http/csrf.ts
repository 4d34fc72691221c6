import { randomBytes } from 'node:crypto';

import { stringifySetCookie } from 'cookie';
import type { NextFunction, Request, Response } from 'express';

import { AppError } from '../shared/errors';
import { sameSecret } from '../shared/same-secret';
import { sendErrorFor } from './send';

export const CSRF_COOKIE = 'csrf_token';
/** Cookies that authenticate a request by themselves, and so could be ridden by a cross-site form. */
export const CREDENTIAL_COOKIES = ['svc_access_token', 'svc_refresh_token', 'svc_guest_token'] as const;

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Plugin webhook receivers authenticate by provider signature (contract §4: these two shapes only). */
const EXEMPT = /^\/plugins\/[^/]+\/(webhook\/?|webhooks\/.*)$/;

/**
 * 32 random bytes as hex, taken from a pool refilled 128 tokens at a time: every cookieless request (a first
 * visit, a bot) gets a token, and a system call per token was a measurable part of a cheap request.
 */
const POOL_TOKENS = 128;
let pool = Buffer.alloc(0);
let offset = 0;
function newToken(): string {
  if (offset >= pool.length) {
    pool = randomBytes(32 * POOL_TOKENS);
    offset = 0;
  }
  const token = pool.toString('hex', offset, offset + 32);
  offset += 32;
  return token;
}

/**
 * Double-submit CSRF protection of contract §4. Every response to a request without a `csrf_token` cookie
 * sets one (64 hex, readable by scripts, SameSite Strict). A state-changing request without an
 * `Authorization` header that carries a credential cookie must echo the cookie in `X-CSRF-Token`.
 */
export function csrfProtection(secure: boolean) {
  return (req: Request, res: Response, next: NextFunction) => {
    const cookie = req.cookies[CSRF_COOKIE];
    if (!cookie) {
      res.append(
        'Set-Cookie',
        stringifySetCookie({
          name: CSRF_COOKIE,
          value: newToken(),
          path: '/',
          sameSite: 'strict',
          secure,
        }),
      );
    }
    const needsCheck =
      UNSAFE.has(req.method) &&
      !req.get('authorization') &&
      CREDENTIAL_COOKIES.some((name) => req.cookies[name]) &&
      !EXEMPT.test(req.path);
    if (needsCheck) {
      const header = req.get('x-csrf-token');
      if (!cookie || !header || !sameSecret(cookie, header))
        return sendErrorFor(req, res, new AppError('csrf_token_invalid', 'missing or invalid CSRF token'));
    }
    next();
  };
}

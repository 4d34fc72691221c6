import type { NextFunction, Request, Response } from 'express';

/** The spec's hardening headers, on every response (HTML pages override the CSP with a nonce policy). */
export function securityHeaders(_req: Request, res: Response, next: NextFunction) {
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('X-Frame-Options', 'DENY');
  res.setHeader('X-XSS-Protection', '1; mode=block');
  res.setHeader('Referrer-Policy', 'strict-origin-when-cross-origin');
  res.setHeader('Content-Security-Policy', "default-src 'self'");
  res.setHeader('Permissions-Policy', 'camera=(), microphone=(), geolocation=()');
  next();
}

/** CORS for the configured origins only (none by default). */
export function cors(allowed: string[], credentials: boolean) {
  const any = allowed.includes('*');
  return (req: Request, res: Response, next: NextFunction) => {
    const origin = req.get('origin');
    if (origin && (any || allowed.includes(origin))) {
      res.setHeader('Access-Control-Allow-Origin', any ? '*' : origin);
      res.setHeader('Vary', 'Origin');
      if (credentials) res.setHeader('Access-Control-Allow-Credentials', 'true');
      if (req.method === 'OPTIONS') {
        res.setHeader('Access-Control-Allow-Methods', 'GET, POST, PUT, PATCH, DELETE, OPTIONS');
        res.setHeader(
          'Access-Control-Allow-Headers',
          req.get('access-control-request-headers') ?? 'Content-Type, Authorization',
        );
        res.setHeader('Access-Control-Max-Age', '600');
        res.status(204).end();
        return;
      }
    }
    next();
  };
}

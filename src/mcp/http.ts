import { AsyncLocalStorage } from 'node:async_hooks';

import express, { type Request, type Response } from 'express';

import type { Actor } from '../context/actor';
import { sendError } from '../http/send';
import { errorFields } from '../shared/error-fields';
import { AppError } from '../shared/errors';
import { mcpNodeSdk, mcpServerSdk } from './sdk';
import { buildMcpServer, type McpRuntime, type McpSession, parseToolsets } from './server';
import type { Surface } from './tool-catalog';

/** Staff: an admin's JWT or an API key owned by an admin. */
export const isStaff = (actor: Actor) =>
  actor.kind === 'admin' || (actor.kind === 'api_key' && actor.ownerType === 'admin');

/**
 * `/mcp/store` and `/mcp/admin` over stateless streamable HTTP: one MCP server per request from a factory, the
 * SDK's Host and Origin guards (DNS rebinding), and the caller authenticated like REST by the global middleware:
 * `/mcp/admin` answers 401 to anonymous callers and 403 to customers; every tool call is then checked by the
 * access rules of the operation it runs.
 */
type HostGuard = ReturnType<ReturnType<typeof mcpNodeSdk>['hostHeaderValidation']>;

/**
 * The request an SDK error belongs to. The handlers are shared by every request and report errors through one
 * callback, which runs inside the failing request's async context: this finds its logger (and request id).
 */
const current = new AsyncLocalStorage<{ req: Request; errors: Error[] }>();

export function mcpRouter(
  rt: McpRuntime,
  options: { allowedHosts: string[]; allowedOrigins: string[] },
): express.Router {
  const router = express.Router();
  // The SDK and the handlers are built with the first MCP request (see sdk.ts), then kept.
  let guards: { validHost: HostGuard; validOrigin: HostGuard } | undefined;
  for (const surface of ['store', 'admin'] as Surface[]) {
    let handler: ((req: Request, res: Response, body: unknown) => Promise<void>) | undefined;
    router.all(`/${surface}`, async (req: Request, res: Response) => {
      const { hostHeaderValidation, originValidation, toNodeHandler } = mcpNodeSdk();
      guards ??= {
        validHost: hostHeaderValidation(options.allowedHosts),
        validOrigin: originValidation(options.allowedOrigins),
      };
      // The SDK answers a request it cannot serve itself (a JSON-RPC error, 4xx or 500) and reports why here:
      // refusals of the client's message are warnings; what ended in a 500 is logged below, with its cause.
      handler ??= toNodeHandler(
        mcpServerSdk().createMcpHandler(
          (ctx) => buildMcpServer(rt, surface, (ctx.authInfo?.extra as { session: McpSession }).session),
          {
            onerror: (err) => {
              const scope = current.getStore();
              scope?.errors.push(err);
              (scope?.req.log ?? rt.services.log).warn({ surface, err: err.message }, 'MCP request rejected');
            },
          },
        ),
        { onerror: (err) => void current.getStore()?.errors.push(err) },
      );
      if (!guards.validHost(req, res) || !guards.validOrigin(req, res)) return;
      if (surface === 'admin') {
        if (req.actor.kind === 'anonymous')
          return sendError(res, new AppError('unauthorized', req.actor.authError ?? 'authentication required'));
        if (!isStaff(req.actor)) return sendError(res, new AppError('forbidden', 'the admin MCP server is for staff'));
      }
      let toolsets;
      try {
        toolsets = surface === 'admin' ? parseToolsets(req.query.toolsets, rt.defaultToolsets) : undefined;
      } catch (err) {
        return sendError(res, err as AppError);
      }
      const session: McpSession = {
        caller: { actor: req.actor, requestId: req.id, log: req.log, clientIp: req.clientIp },
        toolsets,
      };
      // The SDK hands `req.auth` to the factory as `authInfo`: that is how this request's caller reaches its server.
      (req as Request & { auth?: unknown }).auth = { token: '', clientId: 'svc', scopes: [], extra: { session } };
      const scope = { req, errors: [] as Error[] };
      await current.run(scope, () => handler!(req, res, req.body));
      if (res.statusCode >= 500)
        req.log.error(
          { surface, status: res.statusCode, err: errorFields(scope.errors.at(-1) ?? 'no error reported by the SDK') },
          'MCP request answered 500',
        );
    });
  }
  return router;
}

import { parse, validate, execute, type DocumentNode } from 'graphql';
import { schema } from '../schema';
import type { Services } from '../services/container';
import { buildContext, maskError, type ServerContext } from '../graphql';
import { errorStatusByTypename } from '../services/errors';
import { translate, type MessageKey } from '../i18n';
import type { Context } from '../context';
import { json } from '../jsonResponse';
import { FRAGMENTS } from './fragments';

/**
 * The REST compatibility layer. Each documented path is a row (see routes.ts): it turns the HTTP
 * request into variables of a GraphQL operation, runs it in-process against the same schema
 * (so validation, permissions and business rules exist once), and shapes the answer the spec gives.
 */
export type RestRequest = {
  request: Request;
  params: Record<string, string>;
  query: URLSearchParams;
  body: Record<string, unknown>;
  context: Context;
};

// The operation's data, whose shape the row's own GraphQL document fixes.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Data = Record<string, any>;

export type RestRoute = {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /**
   * Path with `:name` parameters, e.g. `/users/:id/profile`; `:id(\\d+)` restricts a parameter to a
   * pattern (no capturing groups), so `/users/abc/profile` is a 404 rather than a failed operation.
   * Also served under `/api`.
   */
  path: string;
  /** Refuse with 401 before running anything when nobody is signed in. */
  signedIn?: boolean;
  operation: string;
  variables?: (req: RestRequest) => Record<string, unknown>;
  /** Shapes the answer body from the operation's data (already checked for typed errors). */
  respond?: (data: Data, req: RestRequest) => unknown;
  /** Status of a successful answer; 200 by default. */
  status?: number;
  /** Extra headers of a successful answer (e.g. the next page's cursor). */
  headers?: (data: Data, req: RestRequest) => Record<string, string>;
  /** 404 with this text (its `{name}`s from the path parameters) when the field's value is null. */
  notFound?: { field: string; detail: MessageKey };
};

type CompiledRoute = RestRoute & { pattern: RegExp; keys: string[]; document: DocumentNode };

const detail = (context: Pick<Context, 'locale'>, status: number, key: MessageKey) =>
  json(status, { detail: translate(context.locale, key) });

/** `/api/x` is served as `/x` (the meeting area calls the API with that prefix). */
const withoutApiPrefix = (pathname: string) => (pathname.startsWith('/api/') ? pathname.slice(4) : pathname);

function compile(route: RestRoute): CompiledRoute {
  const keys: string[] = [];
  const pattern = new RegExp(
    `^${route.path.replace(/\/$/, '').replace(/:(\w+)(?:\(([^)]+)\))?/g, (_m, key: string, shape?: string) => {
      keys.push(key);
      return `(${shape ?? '[^/]+'})`;
    })}/?$`,
  );
  const used = Object.keys(FRAGMENTS).filter((name) => route.operation.includes(`...${name}`));
  const document = parse([route.operation, ...used.map((name) => FRAGMENTS[name])].join('\n'));
  const problems = validate(schema, document);
  if (problems.length) throw new Error(`REST ${route.method} ${route.path}: ${problems.map((p) => p.message).join('; ')}`);
  return { ...route, pattern, keys, document };
}

/** JSON, urlencoded or multipart body as an object (repeated form keys become arrays). */
async function readBody(request: Request): Promise<Record<string, unknown> | 'malformed'> {
  if (request.method === 'GET' || request.method === 'HEAD') return {};
  const type = request.headers.get('content-type') ?? '';
  try {
    if (type.includes('multipart/form-data') || type.includes('application/x-www-form-urlencoded')) {
      const body: Record<string, unknown> = {};
      for (const [key, value] of (await request.formData()).entries()) {
        body[key] = key in body ? [body[key], value].flat() : value;
      }
      return body;
    }
    const text = await request.text();
    if (!text.trim()) return {};
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : { items: parsed };
  } catch {
    return 'malformed';
  }
}

/** A typed error result anywhere at the top level of the data answers with its status and text. */
function typedError(data: Data): Response | null {
  for (const value of Object.values(data)) {
    const status = value && typeof value === 'object' ? errorStatusByTypename[value.__typename] : undefined;
    if (!status) continue;
    const body: Record<string, unknown> = { detail: value.message };
    if (value.fieldErrors) {
      body.errors = value.fieldErrors.map((e: { path: string[]; message: string }) => ({
        field: e.path.join('.'),
        message: e.message,
      }));
      // The first field's text is what a client showing only `detail` should show.
      if (value.fieldErrors[0]) body.detail = value.fieldErrors[0].message;
    }
    if (value.field) body.field = value.field;
    const headers: Record<string, string> = {};
    if (value.retryAfterSeconds !== undefined) headers['retry-after'] = String(value.retryAfterSeconds);
    return json(status, body, headers);
  }
  return null;
}

export function createRestRouter(services: Services, routes: RestRoute[]) {
  const compiled = routes.map(compile);

  const match = (method: string, pathname: string) => {
    const path = withoutApiPrefix(pathname);
    for (const route of compiled) {
      const found = route.method === method ? route.pattern.exec(path) : null;
      if (!found) continue;
      try {
        return { route, params: Object.fromEntries(route.keys.map((key, i) => [key, decodeURIComponent(found[i + 1])])) };
      } catch {
        return null; // a parameter that is not valid percent-encoding names nothing
      }
    }
    return null;
  };

  return {
    /** True when some row serves this path (any method): page/API disambiguation uses it. */
    knows: (pathname: string) => compiled.some((route) => route.pattern.test(withoutApiPrefix(pathname))),

    async handle(request: Request, serverContext: ServerContext): Promise<Response | null> {
      const url = new URL(request.url);
      const found = match(request.method, url.pathname);
      if (!found) return null;
      const { route, params } = found;
      const context = await buildContext(services, request, serverContext);
      if (route.signedIn && !context.viewer) {
        const hadToken = !!request.headers.get('authorization');
        return detail(context, 401, hadToken ? 'auth.invalidToken' : 'auth.notAuthenticated');
      }
      const body = await readBody(request);
      if (body === 'malformed') return detail(context, 400, 'request.malformedJson');
      const rest: RestRequest = { request, params, query: url.searchParams, body, context };

      const result = await execute({
        schema,
        document: route.document,
        variableValues: route.variables?.(rest) ?? {},
        contextValue: context,
      });
      const data = (result.data ?? null) as Data | null;
      const failure = data && typedError(data);
      if (failure) return failure;
      if (data && route.notFound && data[route.notFound.field] == null) {
        return json(404, { detail: translate(context.locale, route.notFound.detail, params) });
      }
      if (result.errors?.length) {
        const first = maskError(result.errors[0], context.locale, services);
        const status = Number(first.extensions.status) || (first.extensions.code === 'INTERNAL_SERVER_ERROR' ? 500 : 400);
        return json(status, { detail: first.message });
      }
      const headers = route.headers?.(data ?? {}, rest) ?? {};
      return json(route.status ?? 200, route.respond ? route.respond(data ?? {}, rest) : data, headers);
    },
  };
}

export type RestRouter = ReturnType<typeof createRestRouter>;

import { GraphQLError, parse, validate, execute, type DocumentNode } from 'graphql';
import { schema } from '../schema';
import type { Services } from '../services/container';
import { buildContext, maskError, refusedInputValue, type ServerContext } from '../graphql';
import { errorStatusByTypename, ValidationError } from '../services/errors';
import { translate, type MessageKey } from '../i18n';
import type { Context } from '../context';
import { json } from '../jsonResponse';
import { FRAGMENTS } from './fragments';
import { hasNulCharacter } from '../nulCharacters';
import { refusal, type Access } from '../auth/access';
import { apiKeyAllows } from '../auth/apiKeys';

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
   * A parameter named `id` is a database id: anything but 1..2^31-1 answers 404. Also served under `/api`.
   */
  path: string;
  /**
   * Who may call it (see auth/access.ts): refused before anything runs with 401 when nobody is signed
   * in and with 403 when the role is not enough; `owner` rows leave the ownership check to the service.
   */
  access: Access;
  operation: string;
  variables?: (req: RestRequest) => Record<string, unknown>;
  /** Shapes the answer body from the operation's data (already checked for typed errors); a `Response` is sent as is. */
  respond?: (data: Data, req: RestRequest) => unknown;
  /** Status of a successful answer; 200 by default. */
  status?: number;
  /** The spec sends this row a bare JSON list: it arrives as `body.items`. Other rows take objects only. */
  listBody?: true;
  /** Extra headers of a successful answer (e.g. the next page's cursor). */
  headers?: (data: Data, req: RestRequest) => Record<string, string>;
  /** Fields the row adds to a typed error's answer (besides `detail`), from the error's own fields. */
  refusalBody?: (error: Data) => Record<string, unknown>;
  /** The spec answers this row's invalid input (a ValidationError) with this status instead of 422. */
  invalidStatus?: number;
  /** 404 with this text (its `{name}`s from the path parameters) when the field's value is null. */
  notFound?: { field: string; detail: MessageKey };
};

/** `mutates`: the row runs a mutation (a read-only API key may not call it, whatever its method). */
type CompiledRoute = RestRoute & { pattern: RegExp; keys: string[]; document: DocumentNode; mutates: boolean };

/** A refusal's HTTP part (`extensions.http` of a GraphQLError, as Yoga reads it too). */
type HttpExtension = { status?: number; headers?: Record<string, string> };

const isRead = (method: string) => method === 'GET' || method === 'HEAD';

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
  const mutates = document.definitions.some((d) => d.kind === 'OperationDefinition' && d.operation === 'mutation');
  return { ...route, pattern, keys, document, mutates };
}

/**
 * JSON, urlencoded or multipart body as an object (repeated form keys become arrays). Every row
 * reads named fields, so a JSON array, `null` or a bare value is the wrong shape, not an empty body.
 */
async function readBody(
  request: Request,
  listBody: boolean,
): Promise<Record<string, unknown> | 'malformed' | 'malformedForm' | 'notObject'> {
  if (request.method === 'GET' || request.method === 'HEAD') return {};
  const type = request.headers.get('content-type') ?? '';
  const form = type.includes('multipart/form-data') || type.includes('application/x-www-form-urlencoded');
  try {
    if (form) {
      // Parsed by Node's own Request: the HTTP server's (@whatwg-node's) formData() sets each part
      // rather than appending it, so of several `files` in one upload only the last arrived.
      const parts = await new Request(request.url, {
        method: request.method,
        headers: { 'content-type': type },
        body: await request.arrayBuffer(),
      }).formData();
      const body: Record<string, unknown> = {};
      for (const [key, value] of parts.entries()) {
        body[key] = key in body ? [body[key], value].flat() : value;
      }
      return body;
    }
    const text = await request.text();
    if (!text.trim()) return {};
    const parsed: unknown = JSON.parse(text);
    if (listBody && Array.isArray(parsed)) return { items: parsed };
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : 'notObject';
  } catch {
    // A form that cannot be read is not "invalid JSON" (what it was answered with).
    return form ? 'malformedForm' : 'malformed';
  }
}

// Database ids are PostgreSQL `integer`s: a path id outside 1..2^31-1 (or not a number) names nothing.
const MAX_ID = 2 ** 31 - 1;
const isDatabaseId = (value: string) => /^\d{1,10}$/.test(value) && Number(value) >= 1 && Number(value) <= MAX_ID;

/**
 * The field a GraphQL variable-coercion error is about (answered 400), in the spec's snake_case (`Variable "$input"
 * got invalid value "X" at "input.isActive"; …` → is_active, `Variable "$accept" of non-null type
 * "Boolean!" must not be null.` → accept); null for any other error. A row hands its body's values to
 * GraphQL as they came, and GraphQL's own wording of such a refusal is English and names its types.
 */
function refusedVariable(error: GraphQLError): string | null {
  const variable = error.path ? null : /^Variable "\$(\w+)"/.exec(error.message);
  if (!variable) return null;
  const at = / at "([\w.[\]]+)"/.exec(error.message)?.[1] ?? variable[1];
  const name =
    at
      .split(/[.[\]]/)
      .filter((part) => part && !/^\d+$/.test(part))
      .at(-1) ?? variable[1];
  return name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}

/** A typed error result anywhere at the top level of the data answers with its status and text. */
function typedError(data: Data, route: RestRoute): Response | null {
  for (const value of Object.values(data)) {
    const found = value && typeof value === 'object' ? errorStatusByTypename[value.__typename] : undefined;
    if (!found) continue;
    const status = value.__typename === 'ValidationError' && route.invalidStatus ? route.invalidStatus : found;
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
    // What the refusal is about, shaped by the row (a second request: the pending one).
    Object.assign(body, route.refusalBody?.(value) ?? {});
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
      let context: Context;
      try {
        context = await buildContext(services, request, serverContext);
      } catch (error) {
        const http = error instanceof GraphQLError ? (error.extensions.http as HttpExtension | undefined) : undefined;
        if (!http?.status) throw error;
        return json(http.status, { detail: (error as GraphQLError).message }, http.headers);
      }
      const refused = refusal(route.access, context.viewer?.user.role);
      if (refused === 'unauthenticated') {
        const hadToken = !!request.headers.get('authorization');
        return detail(context, 401, hadToken ? 'auth.invalidToken' : 'auth.notAuthenticated');
      }
      if (refused === 'forbidden') return detail(context, 403, 'auth.forbidden');
      const grant = context.viewer?.apiKey;
      if (grant && !apiKeyAllows(grant, !isRead(request.method) || route.mutates))
        return detail(context, 403, 'apiKeys.readOnly');
      if (Object.entries(params).some(([key, value]) => key === 'id' && !isDatabaseId(value))) {
        return detail(context, 404, 'request.notFound');
      }
      const body = await readBody(request, !!route.listBody);
      if (body === 'malformed') return detail(context, 400, 'request.malformedJson');
      if (body === 'malformedForm') return detail(context, 400, 'request.malformedForm');
      if (body === 'notObject') return detail(context, 422, 'request.bodyNotObject');
      if (hasNulCharacter([body, params, [...url.searchParams.entries()]])) return detail(context, 400, 'request.nulCharacter');
      const rest: RestRequest = { request, params, query: url.searchParams, body, context };

      let variableValues: Record<string, unknown>;
      try {
        variableValues = route.variables?.(rest) ?? {};
      } catch (error) {
        // A row that reads its body itself may refuse a field as the operation would (typed, translated).
        if (!(error instanceof ValidationError)) throw error;
        const masked = maskError(error, context.locale, services);
        const refused = { __typename: 'ValidationError', message: masked.message, fieldErrors: masked.extensions.fieldErrors };
        return typedError({ input: refused }, route)!;
      }
      const result = await execute({ schema, document: route.document, variableValues, contextValue: context });
      const data = (result.data ?? null) as Data | null;
      const failure = data && typedError(data, route);
      if (failure) return failure;
      if (data && route.notFound && data[route.notFound.field] == null) {
        return json(404, { detail: translate(context.locale, route.notFound.detail, params) });
      }
      if (result.errors?.length) {
        const field = refusedVariable(result.errors[0]);
        if (field && !refusedInputValue(result.errors[0])) {
          const message = translate(context.locale, 'validation.invalidValue', { field });
          return json(400, { detail: message, errors: [{ field, message }] });
        }
        const first = maskError(result.errors[0], context.locale, services);
        const status = Number(first.extensions.status) || (first.extensions.code === 'INTERNAL_SERVER_ERROR' ? 500 : 400);
        // A variable refused by a scalar (an impossible date…): its own translated text, not GraphQL's wording around it.
        const refusedInput = refusedInputValue(result.errors[0]);
        return json(status, { detail: refusedInput ? translate(context.locale, refusedInput.messageKey) : first.message });
      }
      const headers = route.headers?.(data ?? {}, rest) ?? {};
      const answer = route.respond ? route.respond(data ?? {}, rest) : data;
      // A row that answers something other than JSON (an iCalendar file) shapes the whole response.
      if (answer instanceof Response) return answer;
      return json(route.status ?? 200, answer, headers);
    },
  };
}

export type RestRouter = ReturnType<typeof createRestRouter>;

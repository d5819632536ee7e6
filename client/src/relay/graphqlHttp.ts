import type { ConcreteRequest, GraphQLTaggedNode, OperationType, RequestParameters, UploadableMap } from 'relay-runtime';
import { currentLocale } from '../i18n/locale';
import { RequestError } from './errors';
import { getToken } from './token';
import { signal } from './signal';

/*
 * GraphQL over HTTP without Relay's runtime: Relay's network layer (environment.ts) sends its
 * requests through here, and so do the pages that open without Relay (the login page, whose
 * script budget Relay's runtime would break).
 */

/** Auth calls time out after 15 s (spec section 9); a query may ask for more in its metadata. */
export const DEFAULT_TIMEOUT_MS = 15_000;
export const GRAPHQL_PATH = '/graphql';

const unauthorized = signal();

/** Called when the server answers 401 to a request that carried a token (revoked or expired). */
export const onUnauthorized = unauthorized.listen;
export const notifyUnauthorized = unauthorized.emit;

function requestHeaders(): Record<string, string> {
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    Accept: 'application/graphql-response+json, application/json',
    // The server translates its messages from this header: the plain code (ru, en, fr).
    'Accept-Language': currentLocale(),
  };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  return headers;
}

type ErrorBody = { errors?: { message?: string; extensions?: { code?: string; http?: { status?: number } } }[] } | null;

function firstErrorMessage(body: unknown): string | null {
  const errors = (body as ErrorBody)?.errors;
  return errors?.find((e) => typeof e?.message === 'string')?.message ?? null;
}

/** 401/403 signalled inside a GraphQL answer (extensions) rather than by the HTTP status. */
function authStatusOf(body: unknown): number | undefined {
  for (const error of (body as ErrorBody)?.errors ?? []) {
    const status = error?.extensions?.http?.status;
    if (status === 401 || status === 403) return status;
    if (error?.extensions?.code === 'UNAUTHENTICATED') return 401;
    if (error?.extensions?.code === 'FORBIDDEN') return 403;
  }
  return undefined;
}

/**
 * A request with files, by the GraphQL multipart request spec: each uploadable is keyed by its
 * variable path (`input.media.0`, whose variable the caller sets to null) and sent as a part.
 */
export function multipartBody(
  query: string,
  operationName: string,
  variables: Record<string, unknown>,
  uploadables: UploadableMap,
) {
  const form = new FormData();
  const keys = Object.keys(uploadables);
  form.append('operations', JSON.stringify({ query, variables, operationName }));
  form.append('map', JSON.stringify(Object.fromEntries(keys.map((key, index) => [String(index), [`variables.${key}`]]))));
  keys.forEach((key, index) => form.append(String(index), uploadables[key] as Blob));
  return form;
}

/** A GraphQL answer that carries data (errors beside it are the caller's to read). */
export type GraphQLResult = { data: Record<string, unknown>; errors?: unknown[]; extensions?: Record<string, unknown> };

export interface PostOptions {
  timeoutMs?: number;
  uploadables?: UploadableMap | null;
  /** Aborts the request; it then fails with a RequestError of kind `network`. */
  signal?: AbortSignal;
  /** The request outlives the page (sent as the page goes away: a reload, a closed tab). */
  keepalive?: boolean;
}

/**
 * Sends one operation; fails with a RequestError (timeout, network, HTTP status, or an answer
 * without data). The token and the language are read at once, before the first `await`: a caller
 * that forgets the token right after (sign-out) still sends it.
 */
export async function postGraphQL(
  request: Pick<RequestParameters, 'text' | 'name'>,
  variables: Record<string, unknown>,
  { timeoutMs = DEFAULT_TIMEOUT_MS, uploadables, signal, keepalive }: PostOptions = {},
): Promise<GraphQLResult> {
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);
  const abort = () => controller.abort();
  signal?.addEventListener('abort', abort);
  const headers = requestHeaders();
  let body: BodyInit = JSON.stringify({ query: request.text, variables, operationName: request.name });
  if (uploadables && Object.keys(uploadables).length > 0) {
    body = multipartBody(request.text ?? '', request.name, variables, uploadables);
    delete headers['Content-Type']; // the browser sets multipart/form-data with its boundary
  }

  try {
    const response = await fetch(GRAPHQL_PATH, { method: 'POST', headers, body, signal: controller.signal, keepalive });
    const json: unknown = await response.json().catch(() => null);
    if (!response.ok) {
      if (response.status === 401 && headers.Authorization) notifyUnauthorized();
      throw new RequestError('http', firstErrorMessage(json) ?? response.statusText, response.status);
    }
    const result = json as Partial<GraphQLResult> | null;
    if (!result || typeof result !== 'object') {
      throw new RequestError('http', 'Malformed GraphQL response', response.status);
    }
    if (!('data' in result) || result.data == null) {
      const authStatus = authStatusOf(result);
      if (authStatus === 401 && headers.Authorization) notifyUnauthorized();
      if (authStatus) throw new RequestError('http', firstErrorMessage(result) ?? 'Unauthorized', authStatus);
      throw new RequestError('graphql', firstErrorMessage(result) ?? 'GraphQL error', response.status);
    }
    return result as GraphQLResult;
  } catch (error) {
    if (timedOut) throw new RequestError('timeout', 'Request timed out');
    if (error instanceof RequestError) throw error;
    throw new RequestError('network', error instanceof Error ? error.message : String(error));
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', abort);
  }
}

/**
 * An operation's data straight from the server, without Relay's runtime or store, for the pages
 * that open without Relay. Only for operations without fragments, whose data is the server's JSON
 * as is (or whose answer is not read).
 */
export async function requestWithoutRelay<T extends OperationType>(
  operation: GraphQLTaggedNode,
  variables: T['variables'],
): Promise<T['response']> {
  // With eagerEsModules the Babel plugin puts the compiled artifact in place of the `graphql` tag.
  const { params } = operation as ConcreteRequest;
  return (await postGraphQL(params, variables)).data as T['response'];
}

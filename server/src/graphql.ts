import type { IncomingMessage } from 'node:http';
import { createYoga, handleStreamOrSingleExecutionResult, type Plugin, type YogaServerInstance } from 'graphql-yoga';
import { GraphQLError, type ExecutionResult } from 'graphql';
import { maxDepthPlugin } from '@escape.tech/graphql-armor-max-depth';
import { maxAliasesPlugin } from '@escape.tech/graphql-armor-max-aliases';
import { costLimitPlugin } from '@escape.tech/graphql-armor-cost-limit';
import { maxTokensPlugin } from '@escape.tech/graphql-armor-max-tokens';
import { schema } from './schema';
import type { Context } from './context';
import type { Services } from './services/container';
import { authenticate, bearerToken, type Viewer } from './auth/sessions';
import { DEFAULT_LOCALE, resolveLocale, translate, type Locale } from './i18n';
import { PothosValidationError } from '@pothos/core';
import { AppError, NotFoundError, statusOf, ValidationError } from './services/errors';
import { refuseNulCharacters } from './nulCharacters';
import { apiKeyScopePlugin, apiKeyViewer } from './auth/apiKeys';
import { InputValueError } from './builder';
import { answerLanguage } from './answerLanguage';

/** What the HTTP adapter (or the WebSocket server) hands Yoga with each request. */
export type ServerContext = {
  req?: IncomingMessage;
  /** Set by the WebSocket server after onConnect authenticated the connection. */
  connectionParams?: Record<string, unknown>;
  extra?: { request: IncomingMessage; viewer?: Viewer | null };
};

export function clientAddress(services: Services, request: Request | undefined, socketAddress?: string): string {
  const forwarded = services.config.trustProxy ? request?.headers.get('x-forwarded-for') : null;
  return forwarded?.split(',')[0].trim() || socketAddress || 'local';
}

/** The language of a GraphQL request: the WebSocket connection's `locale` parameter, else its Accept-Language. */
function localeOf(request: Request | undefined, serverContext: ServerContext): Locale {
  const node = serverContext.extra?.request ?? serverContext.req;
  return resolveLocale(
    serverContext.connectionParams?.locale,
    request?.headers.get('accept-language') ?? (node?.headers['accept-language'] as string | undefined),
  );
}

/**
 * The context of one request. The viewer comes from the WebSocket connection, an `X-API-Key` header
 * (an unknown or revoked key, or one over its rate limit, throws a GraphQLError carrying the HTTP
 * status: Yoga and the REST router answer it as such), or the bearer token.
 */
export async function buildContext(
  services: Services,
  request: Request | undefined,
  serverContext: ServerContext,
): Promise<Context> {
  const node = serverContext.extra?.request ?? serverContext.req;
  const locale = localeOf(request, serverContext);
  const apiKey = request?.headers.get('x-api-key');
  const viewer =
    serverContext.extra && 'viewer' in serverContext.extra
      ? (serverContext.extra.viewer ?? null)
      : apiKey != null
        ? await apiKeyViewer(services, apiKey, locale)
        : await authenticate(services.prisma, services.tokenSecret, bearerToken(request?.headers.get('authorization')));
  return {
    services,
    prisma: services.prisma,
    viewer,
    locale,
    client: {
      ip: clientAddress(services, request, node?.socket.remoteAddress),
      userAgent: request?.headers.get('user-agent') ?? (node?.headers['user-agent'] as string | undefined) ?? null,
    },
    knownConversations: new Set(),
    ownAccounts: new WeakSet(),
  };
}

/** ForbiddenError → FORBIDDEN, NotAuthenticatedError → UNAUTHENTICATED (the usual GraphQL codes). */
const errorCode = (error: AppError) =>
  (error.constructor as typeof AppError).code ??
  error.name
    .replace(/Error$/, '')
    .replace(/([a-z])([A-Z])/g, '$1_$2')
    .toUpperCase();

/** The scalar's refusal (builder.ts) an error comes from; variable coercion wraps it twice. */
export function refusedInputValue(error: unknown): InputValueError | null {
  let cause = error;
  while (cause instanceof GraphQLError && cause.originalError) cause = cause.originalError;
  return cause instanceof InputValueError ? cause : null;
}

/**
 * Pothos' own refusals of an argument, in English ("Invalid global ID: …", "ID: … is not of type:
 * User", "Argument "first" must be a non-negative integer", "Invalid cursor: …"), as ours: an ID that
 * is none of ours or of another type names nothing (as databaseIdOf answers), a negative page size
 * or an unreadable cursor is bad input. Null for anything else.
 */
function pothosRefusal(error: unknown): AppError | null {
  if (!(error instanceof PothosValidationError)) return null;
  if (/global ID|is not of type/.test(error.message)) return new NotFoundError('request.notFound');
  if (/^Argument "(first|last)"|cursor/i.test(error.message)) return new ValidationError([]);
  return null;
}

/**
 * Expected failures that escape a field (not signed in, not allowed) keep their translated text
 * and a code; anything unexpected is masked so no stack trace or SQL ever reaches a client.
 */
export function maskError(error: unknown, locale: Locale, services: Services): GraphQLError {
  const original = error instanceof GraphQLError ? (error.originalError ?? error) : error;
  const ours = pothosRefusal(original);
  if (ours) {
    const located = error instanceof GraphQLError ? { nodes: error.nodes, path: error.path } : {};
    return maskError(new GraphQLError(ours.message, { ...located, originalError: ours }), locale, services);
  }
  if (original instanceof ValidationError) {
    // Outside a typed result the first field's own text says more than "check the data".
    const fieldErrors = original.fieldErrors.map((issue) => ({
      path: issue.path,
      message: translate(locale, issue.messageKey, issue.params),
    }));
    return new GraphQLError(fieldErrors[0]?.message ?? translate(locale, original.messageKey), {
      ...(error instanceof GraphQLError ? { nodes: error.nodes, path: error.path } : {}),
      extensions: { code: errorCode(original), status: statusOf(original), fieldErrors },
    });
  }
  if (original instanceof AppError) {
    return new GraphQLError(translate(locale, original.messageKey, original.params), {
      ...(error instanceof GraphQLError ? { nodes: error.nodes, path: error.path } : {}),
      extensions: { code: errorCode(original), status: statusOf(original) },
    });
  }
  // A scalar's refusal, inside the executor's own text about the value.
  const cause = refusedInputValue(error);
  if (cause) {
    return new GraphQLError(
      (error instanceof GraphQLError ? error.message : cause.message).replace(cause.message, translate(locale, cause.messageKey)),
      error instanceof GraphQLError ? { nodes: error.nodes, path: error.path, extensions: error.extensions } : {},
    );
  }
  // GraphQL's own errors (syntax, validation, variable coercion) are about the request: shown as they are.
  if (error instanceof GraphQLError && (!error.originalError || error.originalError instanceof GraphQLError)) return error;
  services.log.error('unexpected error in a GraphQL operation', original);
  return new GraphQLError(translate(locale, 'request.serverError'), {
    ...(error instanceof GraphQLError ? { nodes: error.nodes, path: error.path } : {}),
    extensions: { code: 'INTERNAL_SERVER_ERROR' },
  });
}

export type Yoga = YogaServerInstance<ServerContext, Context>;

/**
 * maskError over every error of an operation, in its request's language: the validation errors
 * (before a context exists, so from the request) and the execution and subscription results (from
 * the context). Passing the language along, rather than keeping it in an AsyncLocalStorage, spares
 * every promise of every request Node's async hooks: the feed page went from 33 to 27 ms of CPU
 * (scripts/bench/feedHttp.ts, before and after).
 */
function localizedErrors(services: Services): Plugin<Context> {
  const masked = (locale: Locale) => (errors: readonly Error[]) => errors.map((error) => maskError(error, locale, services));
  const maskResult =
    (locale: Locale) =>
    ({ result, setResult }: { result: ExecutionResult; setResult: (result: ExecutionResult) => void }) => {
      if (result.errors?.length) setResult({ ...result, errors: masked(locale)(result.errors) });
    };
  return {
    onValidate: ({ context }) => {
      const initial = context as unknown as ServerContext & { request?: Request };
      return ({ result, setResult }) => {
        if (result.length) setResult(masked(localeOf(initial.request, initial))(result));
      };
    },
    onExecute: ({ args }) => ({
      onExecuteDone: (payload) => handleStreamOrSingleExecutionResult(payload, maskResult(args.contextValue.locale)),
    }),
    onSubscribe: ({ args }) => ({
      onSubscribeResult: (payload) => handleStreamOrSingleExecutionResult(payload, maskResult(args.contextValue.locale)),
      onSubscribeError: ({ error, setError }) => setError(maskError(error, args.contextValue.locale, services)),
    }),
  };
}

export function createGraphQL(services: Services): Yoga {
  return createYoga<ServerContext, Context>({
    schema,
    graphqlEndpoint: '/graphql',
    landingPage: false,
    // GraphiQL is served by the HTTP routing (http/graphiql.ts), from the installed package.
    graphiql: false,
    // CORS is the HTTP layer's, for the configured origins only (http/browserPolicy.ts).
    cors: false,
    context: ({ request, ...serverContext }) => buildContext(services, request, serverContext),
    // Results are masked in the request's language by localizedErrors below; what reaches Yoga's own
    // masking is outside any operation (a body that is not GraphQL, a context that failed with its
    // text already translated), where the language is not known.
    maskedErrors: {
      maskError: (error) => maskError(error, DEFAULT_LOCALE, services),
    },
    logging: {
      debug: (...args) => services.log.debug(args.map(String).join(' ')),
      info: (...args) => services.log.debug(args.map(String).join(' ')),
      warn: (...args) => services.log.warn(args.map(String).join(' ')),
      // Yoga also reports expected failures of subscriptions (not signed in…); those are not errors.
      error: (...args) =>
        args.some((arg) => arg instanceof GraphQLError && arg.originalError instanceof AppError)
          ? services.log.debug(args.map(String).join(' '))
          : services.log.error(args.map(String).join(' ')),
    },
    plugins: [
      answerLanguage(),
      localizedErrors(services),
      maxTokensPlugin({ n: 5000 }),
      maxDepthPlugin({ n: 12, flattenFragments: true }),
      maxAliasesPlugin({ n: 20 }),
      // Cost follows the shape of the answer, as the depth limit does: a fragment spread is not a level
      // of nesting (counted as one, the chat's 30 messages with their reactions cost twice the limit).
      costLimitPlugin({ maxCost: 20000, flattenFragments: true }),
      refuseNulCharacters(),
      apiKeyScopePlugin(),
    ],
  });
}

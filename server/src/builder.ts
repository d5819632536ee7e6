import SchemaBuilder from '@pothos/core';
import ScopeAuthPlugin, { AuthScopeFailureType, type AuthFailure } from '@pothos/plugin-scope-auth';
import ErrorsPlugin from '@pothos/plugin-errors';
import PrismaPlugin from '@pothos/plugin-prisma';
import RelayPlugin from '@pothos/plugin-relay';
import ZodPlugin from '@pothos/plugin-zod';
import DataloaderPlugin from '@pothos/plugin-dataloader';
import DataLoader from 'dataloader';
import { GraphQLError, Kind } from 'graphql';
import type PrismaTypes from './generated/pothos-types';
import { getDatamodel } from './generated/pothos-types';
import type { Context } from './context';
import { ForbiddenError, NotAuthenticatedError, NotFoundError, ValidationError } from './services/errors';
import { toValidationError } from './services/validation';
import { DEFAULT_LOCALE, translate, type MessageKey } from './i18n';
import { hasRole } from './auth/access';
import { GUARDED_MODULE_OFF, moduleEnabled, type GuardedModule } from './services/modules';

/** Configures Pothos and its plugins; the types live in schema/<domain>.ts. */
export const builder = new SchemaBuilder<{
  Context: Context;
  PrismaTypes: PrismaTypes;
  AuthScopes: {
    loggedIn: boolean;
    moderator: boolean;
    admin: boolean;
    /** Takes part in the conversation with this database id. */
    conversationParticipant: number;
    /** The admin has this module switched on (see `moduleAccess` in auth/access.ts). */
    moduleEnabled: GuardedModule;
  };
  Scalars: {
    DateTime: { Input: Date; Output: Date | string };
    Date: { Input: Date; Output: Date };
    ID: { Input: string; Output: string | number };
    File: { Input: File; Output: never };
  };
  DefaultFieldNullability: false;
}>({
  plugins: [ScopeAuthPlugin, ErrorsPlugin, ZodPlugin, PrismaPlugin, RelayPlugin, DataloaderPlugin],
  defaultFieldNullability: false,
  scopeAuth: {
    // Subscriptions are refused when they start (an `error` for that operation), not at each event.
    authorizeOnSubscribe: true,
    // A type's own `authScopes` (who may read a Publication, a Message...) are checked once per object
    // (its isTypeOf), not again in a wrapper around each of its fields: a feed page of 50
    // publications allocated 8% less per request (scripts/bench/feedAllocations.ts: 7.72 -> 7.08 MB).
    // A refused object is one error at the field that returned it, instead of one per field read.
    runScopesOnType: true,
    authScopes: (ctx) => {
      const role = ctx.viewer?.user.role;
      return {
        loggedIn: !!ctx.viewer,
        moderator: hasRole(role, 'moderator'),
        admin: hasRole(role, 'admin'),
        conversationParticipant: participationLoader(ctx),
        moduleEnabled: (module) => moduleEnabled(ctx.prisma, module),
      };
    },
    // 401 when nobody is signed in; 403 when the signed-in role is not enough, or with the module's
    // own text when the field belongs to a module the admin switched off.
    unauthorizedError: (_parent, ctx, _info, result) => {
      if (!ctx.viewer) return new NotAuthenticatedError();
      const module = switchedOffModule(result.failure);
      return module ? new ForbiddenError(GUARDED_MODULE_OFF[module]) : new ForbiddenError();
    },
  },
  errors: {
    unsafelyHandleInputErrors: true,
    // What any mutation can meet: refused input, an id that names nothing, a row the viewer may not
    // change. Each mutation's `errors.types` adds what its own service throws besides.
    defaultTypes: [ValidationError, NotFoundError, ForbiddenError],
  },
  zod: { validationError: (error) => toValidationError(error) as Error },
  prisma: {
    client: (ctx) => ctx.prisma,
    dmmf: getDatamodel(),
    filterConnectionTotalCount: true,
    onUnusedQuery: process.env.NODE_ENV === 'production' ? null : 'warn',
  },
  relay: {
    clientMutationId: 'omit',
    cursorType: 'String',
    nodesOnConnection: false,
    // schema/nodes.ts defines them: null (not an error) for what the viewer may not read.
    nodeQueryOptions: false,
    nodesQueryOptions: false,
  },
});

/** The builder's type parameters, for helpers that take one of its field builders. */
export type BuilderTypes = typeof builder extends PothosSchemaTypes.SchemaBuilder<infer T> ? T : never;

/** The module whose switch refused the field, if that is what refused it. */
function switchedOffModule(failure: AuthFailure): GuardedModule | null {
  if (failure.kind === AuthScopeFailureType.AuthScope) {
    return failure.scope === 'moduleEnabled' ? (failure.parameter as GuardedModule) : null;
  }
  if (failure.kind === AuthScopeFailureType.AllAuthScopes || failure.kind === AuthScopeFailureType.AnyAuthScopes) {
    return failure.failures.map(switchedOffModule).find((module) => module !== null) ?? null;
  }
  return null;
}

/**
 * Whether the viewer takes part in conversations, asked per conversation but answered with one
 * statement per batch (a page of conversations), and cached for the request.
 */
function participationLoader(ctx: Context) {
  const viewer = ctx.viewer;
  if (!viewer) return () => false;
  const loader = new DataLoader<number, boolean>(async (ids) => {
    const rows = await ctx.prisma.conversationParticipant.findMany({
      where: { userId: viewer.user.id, conversationId: { in: [...ids] } },
      select: { conversationId: true },
    });
    const member = new Set(rows.map((row) => row.conversationId));
    return ids.map((id) => member.has(id));
  });
  return (conversationId: number) => ctx.knownConversations.has(conversationId) || loader.load(conversationId);
}

// A calendar date that exists: JavaScript's Date rolls 1990-02-31 over to 1990-03-03, so the
// parsed date must print back as the date that was given.
const isRealDate = (ymd: string) => {
  const date = new Date(`${ymd}T00:00:00.000Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === ymd;
};

/**
 * What a scalar refuses, by message key. A scalar is parsed during validation or variable coercion,
 * where no request context is at hand: graphql-js puts this text (in the default language) into its
 * own error's message and keeps this error as the cause, and `maskError` (graphql.ts) translates it
 * into the request's language.
 */
export class InputValueError extends Error {
  constructor(readonly messageKey: MessageKey) {
    super(translate(DEFAULT_LOCALE, messageKey));
  }
}

const inputError = (key: MessageKey) =>
  new GraphQLError(translate(DEFAULT_LOCALE, key), {
    originalError: new InputValueError(key),
    extensions: { code: 'BAD_USER_INPUT', status: 400 },
  });

const ISO_DATE_TIME = /^(\d{4}-\d{2}-\d{2})T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})$/;

const parseDateTime = (value: unknown) => {
  const parts = typeof value === 'string' ? ISO_DATE_TIME.exec(value) : null;
  const date = new Date(value as string);
  if (!parts || !isRealDate(parts[1]!) || Number.isNaN(date.getTime())) throw inputError('request.invalidDateTime');
  return date;
};

builder.scalarType('DateTime', {
  description: 'An instant, as an ISO 8601 string in UTC.',
  serialize: (value) => (value instanceof Date ? value.toISOString() : new Date(value).toISOString()),
  parseValue: parseDateTime,
  parseLiteral: (ast) => parseDateTime(ast.kind === Kind.STRING ? ast.value : undefined),
});

const parseDate = (value: unknown) => {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value) || !isRealDate(value)) {
    throw inputError('request.invalidDate');
  }
  return new Date(`${value}T00:00:00.000Z`);
};

builder.scalarType('Date', {
  description: 'A calendar date, YYYY-MM-DD.',
  serialize: (value) => value.toISOString().slice(0, 10),
  parseValue: parseDate,
  parseLiteral: (ast) => parseDate(ast.kind === Kind.STRING ? ast.value : undefined),
});

const parseFile = (value: unknown) => {
  // Yoga puts the multipart request's File objects into the variables (GraphQL multipart request spec).
  if (value && typeof value === 'object' && typeof (value as File).arrayBuffer === 'function' && 'size' in value) {
    return value as File;
  }
  throw new GraphQLError('File must be a file part of a multipart request');
};

builder.scalarType('File', {
  description: 'An uploaded file, sent as a part of a multipart request (GraphQL multipart request spec).',
  serialize: () => {
    throw new GraphQLError('File is an input-only scalar');
  },
  parseValue: parseFile,
  parseLiteral: () => parseFile(undefined),
});

builder.queryType({});
builder.mutationType({});
builder.subscriptionType({});

import SchemaBuilder from '@pothos/core';
import ScopeAuthPlugin from '@pothos/plugin-scope-auth';
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
import { ForbiddenError, NotAuthenticatedError } from './services/errors';
import { toValidationError } from './services/validation';

export type Role = 'user' | 'moderator' | 'admin';

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
    authScopes: (ctx) => {
      const role = ctx.viewer?.user.role;
      return {
        loggedIn: !!ctx.viewer,
        moderator: role === 'moderator' || role === 'admin',
        admin: role === 'admin',
        conversationParticipant: participationLoader(ctx),
      };
    },
    // 401 when nobody is signed in, 403 when the signed-in role is not enough.
    unauthorizedError: (_parent, ctx) => (ctx.viewer ? new ForbiddenError() : new NotAuthenticatedError()),
  },
  errors: { unsafelyHandleInputErrors: true },
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
  },
});

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

const parseDateTime = (value: unknown) => {
  const date = new Date(value as string);
  if (typeof value !== 'string' || Number.isNaN(date.getTime())) {
    throw new GraphQLError('DateTime must be an ISO 8601 string');
  }
  return date;
};

builder.scalarType('DateTime', {
  description: 'An instant, as an ISO 8601 string in UTC.',
  serialize: (value) => (value instanceof Date ? value.toISOString() : new Date(value).toISOString()),
  parseValue: parseDateTime,
  parseLiteral: (ast) => parseDateTime(ast.kind === Kind.STRING ? ast.value : undefined),
});

const parseDate = (value: unknown) => {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(Date.parse(value))) {
    throw new GraphQLError('Date must be a YYYY-MM-DD string');
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

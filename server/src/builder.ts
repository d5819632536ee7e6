import SchemaBuilder from '@pothos/core';
import ScopeAuthPlugin from '@pothos/plugin-scope-auth';
import ErrorsPlugin from '@pothos/plugin-errors';
import PrismaPlugin from '@pothos/plugin-prisma';
import RelayPlugin from '@pothos/plugin-relay';
import ZodPlugin from '@pothos/plugin-zod';
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
  AuthScopes: { loggedIn: boolean; moderator: boolean; admin: boolean };
  Scalars: {
    DateTime: { Input: Date; Output: Date | string };
    Date: { Input: Date; Output: Date };
    ID: { Input: string; Output: string | number };
    File: { Input: File; Output: never };
  };
  DefaultFieldNullability: false;
}>({
  plugins: [ScopeAuthPlugin, ErrorsPlugin, ZodPlugin, PrismaPlugin, RelayPlugin],
  defaultFieldNullability: false,
  scopeAuth: {
    authScopes: (ctx) => {
      const role = ctx.viewer?.user.role;
      return {
        loggedIn: !!ctx.viewer,
        moderator: role === 'moderator' || role === 'admin',
        admin: role === 'admin',
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

builder.scalarType('File', {
  description: 'A file sent with the request, by the GraphQL multipart request spec (input only).',
  serialize: () => {
    throw new GraphQLError('File is an input-only scalar');
  },
});

builder.queryType({});
builder.mutationType({});
builder.subscriptionType({});

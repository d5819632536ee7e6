import type { ApiKey } from '../generated/prisma/client';
import { builder } from '../builder';
import { access } from '../auth/access';
import * as apiKeys from '../services/apiKeys';
import { parsedBy } from '../services/validation';
import { databaseIdOf } from './globalIds';

export const ApiKeyNode = builder.prismaNode('ApiKey', {
  id: { field: 'id' },
  nullable: true,
  description: 'An integrator’s key (header `X-API-Key`): its secret is shown once, when it is made, and only its hash is kept.',
  authScopes: { admin: true },
  fields: (t) => ({
    databaseId: t.exposeInt('id'),
    name: t.exposeString('name'),
    prefix: t.exposeString('prefix', { description: 'The start of the key, to recognise it (the rest is secret).' }),
    scopes: t.exposeStringList('scopes', { description: 'read, write, admin (see auth/access.ts).' }),
    createdBy: t.relation('createdBy', {
      nullable: true,
      description: 'The admin the key acts as; null once the account is deleted.',
    }),
    createdAt: t.expose('createdAt', { type: 'DateTime' }),
    lastUsedAt: t.expose('lastUsedAt', { type: 'DateTime', nullable: true, description: 'To the minute; null: never used.' }),
    revokedAt: t.expose('revokedAt', { type: 'DateTime', nullable: true, description: 'Null while the key works.' }),
  }),
});

builder.queryField('apiKeys', (t) =>
  t.prismaField({
    type: ['ApiKey'],
    description: 'Every API key of the site, newest first (at most 500), revoked ones included.',
    ...access('admin'),
    resolve: (query, _root, _args, ctx) => ctx.prisma.apiKey.findMany({ ...query, orderBy: { id: 'desc' }, take: 500 }),
  }),
);

const CreateApiKeyInput = builder.inputType('CreateApiKeyInput', {
  fields: (t) => ({
    name: t.string({ required: true }),
    scopes: t.stringList({ required: true, description: 'read, write and/or admin; read or write is needed.' }),
  }),
});

const CreateApiKeySuccess = builder.objectRef<{ apiKey: ApiKey; secret: string }>('CreateApiKeySuccess').implement({
  fields: (t) => ({
    apiKey: t.field({ type: ApiKeyNode, resolve: (result) => result.apiKey }),
    secret: t.exposeString('secret', { description: 'The whole key, answered this once: it cannot be read again.' }),
  }),
});

builder.mutationFields((t) => ({
  createApiKey: t.field({
    type: CreateApiKeySuccess,
    description: 'An admin makes a key that acts as them within its scopes. Audited.',
    ...access('admin'),
    args: { input: t.arg({ type: CreateApiKeyInput, required: true, validate: { schema: apiKeys.createApiKeyInput } }) },
    errors: { directResult: true, union: { name: 'CreateApiKeyResult' } },
    resolve: (_root, { input }, ctx) =>
      apiKeys.createApiKey(ctx.services, ctx.viewer!, parsedBy(apiKeys.createApiKeyInput, input)),
  }),
  revokeApiKey: t.field({
    type: ApiKeyNode,
    description: 'An admin revokes a key: its next request gets 401. Audited.',
    ...access('admin'),
    args: { id: t.arg.globalID({ for: ApiKeyNode, required: true }) },
    errors: { directResult: true, union: { name: 'RevokeApiKeyResult' } },
    resolve: (_root, { id }, ctx) =>
      apiKeys.revokeApiKey(ctx.services, ctx.viewer!, databaseIdOf(id, 'ApiKey', 'apiKeys.notFound')),
  }),
}));

import { encodeGlobalID } from '@pothos/plugin-relay';
import type { RestRoute } from '../router';
import { text } from './values';

const API_KEY_FIELDS = 'databaseId name prefix scopes createdAt lastUsedAt revokedAt createdBy { databaseId username }';

type GraphQLApiKey = {
  databaseId: number;
  name: string;
  prefix: string;
  scopes: string[];
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
  createdBy: { databaseId: number; username: string } | null;
};

/** The spec shows no shape for a key: this is what an integrator's console usually lists (never the secret). */
const restApiKey = (key: GraphQLApiKey) => ({
  id: key.databaseId,
  name: key.name,
  prefix: key.prefix,
  scopes: key.scopes,
  active: key.revokedAt === null,
  created_at: key.createdAt,
  last_used_at: key.lastUsedAt,
  revoked_at: key.revokedAt,
  created_by: key.createdBy ? { id: key.createdBy.databaseId, username: key.createdBy.username } : null,
});

/** `scopes` as a JSON list, or one comma-separated text (a form field). */
const scopesOf = (value: unknown) =>
  Array.isArray(value)
    ? value.map(text)
    : text(value)
        .split(',')
        .map((scope) => scope.trim())
        .filter(Boolean);

/** Spec section 7, "Content and admin": API management (GET /api-keys; creation and revocation as an admin expects). */
export const apiKeyRoutes: RestRoute[] = [
  {
    method: 'GET',
    path: '/api-keys',
    access: 'admin',
    operation: `query RestApiKeys { apiKeys { ${API_KEY_FIELDS} } }`,
    respond: ({ apiKeys }) => (apiKeys as GraphQLApiKey[]).map(restApiKey),
  },
  {
    method: 'POST',
    path: '/api-keys',
    access: 'admin',
    status: 201,
    invalidStatus: 400,
    operation: `mutation RestCreateApiKey($input: CreateApiKeyInput!) {
      createApiKey(input: $input) {
        __typename ...RestError
        ... on CreateApiKeySuccess { secret apiKey { ${API_KEY_FIELDS} } }
      }
    }`,
    variables: ({ body }) => ({ input: { name: text(body.name), scopes: scopesOf(body.scopes) } }),
    // The secret is answered this once; only its hash is kept.
    respond: ({ createApiKey }) => ({ ...restApiKey(createApiKey.apiKey), key: createApiKey.secret }),
  },
  {
    method: 'DELETE',
    path: '/api-keys/:id(\\d+)',
    access: 'admin',
    operation: `mutation RestRevokeApiKey($id: ID!) {
      revokeApiKey(id: $id) { __typename ...RestError ... on ApiKey { ${API_KEY_FIELDS} } }
    }`,
    variables: ({ params }) => ({ id: encodeGlobalID('ApiKey', params.id) }),
    respond: ({ revokeApiKey }) => ({ success: true, api_key: restApiKey(revokeApiKey) }),
  },
];

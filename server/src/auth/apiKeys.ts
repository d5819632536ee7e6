import { randomBytes } from 'node:crypto';
import { GraphQLError, getOperationAST } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { Services } from '../services/container';
import type { Context } from '../context';
import { translate, type Locale } from '../i18n';
import { API_KEY_SCOPES, hasRole, type ApiKeyGrant, type ApiKeyScope } from './access';
import { hashOpaqueToken } from './tokens';
import type { Viewer } from './sessions';

/**
 * Integrators' API keys (header `X-API-Key`): a key stands for the admin who made it, within its
 * scopes (see API_KEY_SCOPES in access.ts). Keys are made and revoked in the admin panel only
 * (services/apiKeys.ts), never with a key.
 */

/** The key's fixed start, so a leaked key is recognisable (secret scanners, logs). */
const KEY_START = 'lk_';
// A key's last-used time is written at most this often, so a busy integrator's reads do not turn into writes.
const LAST_USED_RESOLUTION_MS = 60 * 1000;
const MAX_KEY_LENGTH = 200;

/** A new key: shown once to its maker; only its hash and its public prefix are stored. */
export function newApiKey(): { key: string; prefix: string; keyHash: string } {
  const prefix = `${KEY_START}${randomBytes(6).toString('base64url')}`;
  const key = `${prefix}_${randomBytes(32).toString('base64url')}`;
  return { key, prefix, keyHash: hashOpaqueToken(key) };
}

/** May a key with these scopes run this kind of operation (`writes`: a mutation, or a REST method other than GET)? */
export const apiKeyAllows = (grant: ApiKeyGrant, writes: boolean) =>
  grant.scopes.includes('write') || (!writes && grant.scopes.includes('read'));

/** A refusal of the whole request, with its HTTP status (the REST router and Yoga both answer it as such). */
const refusal = (locale: Locale, status: number, key: 'apiKeys.invalid' | 'apiKeys.rateLimited', retryAfterSeconds?: number) =>
  new GraphQLError(translate(locale, key), {
    extensions: {
      code: status === 401 ? 'UNAUTHENTICATED' : 'RATE_LIMITED',
      http: { status, headers: retryAfterSeconds === undefined ? {} : { 'retry-after': String(retryAfterSeconds) } },
    },
  });

/**
 * The viewer an `X-API-Key` header stands for: a live key of an active account, counted against the
 * key's own rate limit. Throws a GraphQLError carrying 401 (unknown, revoked, owner gone or disabled)
 * or 429 (over the limit, with Retry-After).
 */
export async function apiKeyViewer(services: Services, key: string, locale: Locale): Promise<Viewer> {
  const row =
    key.length <= MAX_KEY_LENGTH
      ? await services.prisma.apiKey.findUnique({ where: { keyHash: hashOpaqueToken(key.trim()) }, include: { createdBy: true } })
      : null;
  if (!row || row.revokedAt || !row.createdBy?.isActive) throw refusal(locale, 401, 'apiKeys.invalid');
  const { count, retryAfterSeconds } = await services.rateLimiter.hit(`apikey:${row.id}`, 60);
  if (count > services.config.apiKeyRequestsPerMinute) throw refusal(locale, 429, 'apiKeys.rateLimited', retryAfterSeconds);
  const now = Date.now();
  if (!row.lastUsedAt || now - row.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS) {
    await services.prisma.apiKey.update({ where: { id: row.id }, data: { lastUsedAt: new Date(now) } });
  }
  const scopes = row.scopes.filter((scope): scope is ApiKeyScope => (API_KEY_SCOPES as readonly string[]).includes(scope));
  const user = row.createdBy;
  // Without the admin scope the key acts as a plain member everywhere: the role itself is lowered, so
  // access levels and services' own role checks (an admin may see...) agree without knowing about keys.
  const role = scopes.includes('admin') || !hasRole(user.role, 'moderator') ? user.role : 'user';
  return { user: { ...user, role }, sessionId: `api-key:${row.id}`, apiKey: { id: row.id, scopes } };
}

/** Refuses GraphQL mutations to keys without the write scope (REST rows are checked by the router). */
export function apiKeyScopePlugin(): Plugin<Context> {
  return {
    onExecute({ args, setResultAndStopExecution }) {
      const grant = (args.contextValue as Context).viewer?.apiKey;
      if (!grant) return;
      const operation = getOperationAST(args.document, args.operationName);
      if (!operation || apiKeyAllows(grant, operation.operation === 'mutation')) return;
      const locale = (args.contextValue as Context).locale;
      setResultAndStopExecution({
        errors: [
          new GraphQLError(translate(locale, 'apiKeys.readOnly'), { extensions: { code: 'FORBIDDEN', http: { status: 403 } } }),
        ],
      });
    },
  };
}

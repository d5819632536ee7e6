import type { GuardedModule } from '../services/modules';

/**
 * Who may call a REST row or a GraphQL root field. Each row and root field declares one level next to
 * its definition; the REST router and the scope-auth plugin enforce it, and the access matrix test
 * (tests/server/accessMatrix.test.ts) calls every one as each role and checks the declared answer.
 *
 * - `anonymous`: anyone, signed in or not.
 * - `member`: any signed-in member.
 * - `owner`: a signed-in member with a relation to the resource the call names (its author, a participant,
 *   a member of its class, a contact); the service checks that relation and refuses anyone else with
 *   ForbiddenError or NotFoundError (admins may be allowed by the service's own rule).
 * - `moderator`: a moderator or an admin.
 * - `admin`: an admin.
 */
export const ACCESS_LEVELS = ['anonymous', 'member', 'owner', 'moderator', 'admin'] as const;
export type Access = (typeof ACCESS_LEVELS)[number];

export type Role = 'user' | 'moderator' | 'admin';

const RANK: Record<Role, number> = { user: 0, moderator: 1, admin: 2 };

/** The role has at least the rights of `least` (an admin is also a moderator). */
export const hasRole = (role: Role | undefined, least: Role) => role !== undefined && RANK[role] >= RANK[least];

/** The role a level asks for beyond being signed in. */
const REQUIRED_ROLE: Record<Access, Role | null> = {
  anonymous: null,
  member: 'user',
  owner: 'user',
  moderator: 'moderator',
  admin: 'admin',
};

/** Why a caller with this role (undefined: nobody signed in) is refused, or null when the level lets them in. */
export function refusal(level: Access, role: Role | undefined): 'unauthenticated' | 'forbidden' | null {
  const required = REQUIRED_ROLE[level];
  if (!required) return null;
  if (!role) return 'unauthenticated';
  return hasRole(role, required) ? null : 'forbidden';
}

/** The scope-auth scopes (see builder.ts) that enforce a level. */
const SCOPES = {
  anonymous: undefined,
  member: { loggedIn: true },
  owner: { loggedIn: true },
  moderator: { moderator: true },
  admin: { admin: true },
} as const satisfies Record<Access, object | undefined>;

/**
 * The options a GraphQL root field spreads into its definition: the scopes that enforce the level and
 * the declaration the access matrix reads (`extensions.access`). `extensions` carries the field's other
 * extensions, since a spread would otherwise replace them.
 */
export function access<Level extends Access>(level: Level, extensions: Record<string, unknown> = {}) {
  return { authScopes: SCOPES[level], extensions: { ...extensions, access: level } };
}

/**
 * What an integrator's API key (header `X-API-Key`, auth/apiKeys.ts) may do on top of its owner's identity:
 * - `read`: queries (GraphQL) and GET rows (REST);
 * - `write`: also mutations and the other methods (write includes read);
 * - `admin`: the owner's moderator and admin rights; without it the key acts as a plain member.
 */
export const API_KEY_SCOPES = ['read', 'write', 'admin'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** What a request made with a key may do (on the viewer: `viewer.apiKey`). */
export type ApiKeyGrant = { id: number; scopes: ApiKeyScope[] };

/**
 * `access(level)` for a field of a module an admin can switch off (the meeting area's rooms and calls):
 * while the module is off, every caller is refused with 403 and the module's text (builder.ts). REST
 * rows running such a field answer the same, so the switch is enforced here once for both.
 */
export function moduleAccess<Level extends Access>(module: GuardedModule, level: Level) {
  return { authScopes: { $all: { ...SCOPES[level], moduleEnabled: module } }, extensions: { access: level, module } };
}

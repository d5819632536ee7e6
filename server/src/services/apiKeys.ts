import { z } from 'zod';
import type { ApiKey } from '../generated/prisma/client';
import type { Services } from './container';
import type { Viewer } from '../auth/sessions';
import { API_KEY_SCOPES } from '../auth/access';
import { newApiKey } from '../auth/apiKeys';
import { audited } from './audit';
import { ForbiddenError, NotFoundError } from './errors';
import { rules } from './validation';

export const createApiKeyInput = z.object({
  name: rules.requiredText(100, 'apiKeys.nameRequired'),
  scopes: z
    .array(z.enum(API_KEY_SCOPES, 'apiKeys.unknownScope'), 'apiKeys.readOrWrite')
    .transform((scopes) => [...new Set(scopes)])
    .refine((scopes) => scopes.includes('read') || scopes.includes('write'), 'apiKeys.readOrWrite'),
});

/** What an audit entry keeps of a key: never its hash. */
const auditedKey = ({ keyHash: _hash, ...row }: ApiKey) => row;

/**
 * Keys are managed from a signed-in admin's session only: a leaked key must not be able to mint
 * or revoke keys (the access level already asks for an admin).
 */
function refuseKeyCallers(viewer: Viewer) {
  if (viewer.apiKey) throw new ForbiddenError('apiKeys.sessionOnly');
}

/** A new key for the viewer; its secret is in the answer only, the database keeps its hash. Audited. */
export async function createApiKey(
  services: Services,
  viewer: Viewer,
  input: z.output<typeof createApiKeyInput>,
): Promise<{ apiKey: ApiKey; secret: string }> {
  refuseKeyCallers(viewer);
  const { key, prefix, keyHash } = newApiKey();
  const apiKey = await audited(
    services.prisma,
    { actor: viewer.user, action: 'apiKey.create', targetType: 'apiKey' },
    async (tx) => {
      const row = await tx.apiKey.create({
        data: { name: input.name, scopes: input.scopes, prefix, keyHash, createdById: viewer.user.id },
      });
      return { result: row, before: null, after: auditedKey(row), targetId: row.id };
    },
  );
  return { apiKey, secret: key };
}

/** Revokes a key at once (its next request gets 401); the row stays for the record. Audited. */
export async function revokeApiKey(services: Services, viewer: Viewer, id: number): Promise<ApiKey> {
  refuseKeyCallers(viewer);
  return audited(
    services.prisma,
    { actor: viewer.user, action: 'apiKey.revoke', targetType: 'apiKey', targetId: id },
    async (tx) => {
      const before = await tx.apiKey.findUnique({ where: { id } });
      if (!before) throw new NotFoundError('apiKeys.notFound');
      const after = before.revokedAt ? before : await tx.apiKey.update({ where: { id }, data: { revokedAt: new Date() } });
      return { result: after, before: auditedKey(before), after: auditedKey(after) };
    },
  );
}

import { graphql } from 'react-relay/hooks';
import { readInlineData } from '../../relay/inlineData';
import type { authUser_user$data, authUser_user$key } from '../../__generated__/authUser_user.graphql';

/** What the client keeps about the signed-in user (localStorage `user`). */
export const authUserFragment = graphql`
  fragment authUser_user on User @inline {
    id
    username
    firstName
    lastName
    avatarImage
    role
  }
`;

export type Role = 'USER' | 'MODERATOR' | 'ADMIN';
export type AuthUser = Omit<authUser_user$data, 'role' | ' $fragmentType'> & { role: Role };

export function readAuthUser(key: authUser_user$key): AuthUser {
  const data = readInlineData(authUserFragment, key);
  const role: Role = data.role === 'ADMIN' || data.role === 'MODERATOR' ? data.role : 'USER';
  return {
    id: data.id,
    username: data.username,
    firstName: data.firstName,
    lastName: data.lastName,
    avatarImage: data.avatarImage,
    role,
  };
}

export function isAdmin(user: Pick<AuthUser, 'role'> | null | undefined): boolean {
  return user?.role === 'ADMIN';
}

/** Moderator level: moderators and admins (spec section 6). */
export function isModerator(user: Pick<AuthUser, 'role'> | null | undefined): boolean {
  return user?.role === 'MODERATOR' || user?.role === 'ADMIN';
}

export function hasRole(user: Pick<AuthUser, 'role'> | null | undefined, required: Role): boolean {
  if (required === 'ADMIN') return isAdmin(user);
  if (required === 'MODERATOR') return isModerator(user);
  return Boolean(user);
}

export function isStoredUser(value: unknown): value is AuthUser {
  const user = value as Partial<AuthUser> | null;
  return Boolean(user && typeof user.username === 'string' && typeof user.id === 'string' && typeof user.role === 'string');
}

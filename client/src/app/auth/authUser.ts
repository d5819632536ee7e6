import { graphql, readInlineData } from 'react-relay/hooks'
import type { authUser_user$data, authUser_user$key } from '../../__generated__/authUser_user.graphql'

/** What the client keeps about the signed-in user (localStorage `user`). */
export const authUserFragment = graphql`
  fragment authUser_user on User @inline {
    id
    databaseId
    username
    email
    firstName
    lastName
    avatarImage
    role
    createdAt
  }
`

export type Role = 'USER' | 'MODERATOR' | 'ADMIN'
export type AuthUser = Omit<authUser_user$data, 'role' | ' $fragmentType'> & { role: Role }

export function readAuthUser(key: authUser_user$key): AuthUser {
  const { ' $fragmentType': _ignored, ...data } = readInlineData(authUserFragment, key) as authUser_user$data & {
    ' $fragmentType'?: unknown
  }
  const role: Role = data.role === 'ADMIN' || data.role === 'MODERATOR' ? data.role : 'USER'
  return { ...data, role }
}

export function isAdmin(user: Pick<AuthUser, 'role'> | null | undefined): boolean {
  return user?.role === 'ADMIN'
}

/** Moderator level: moderators and admins (spec section 6). */
export function isModerator(user: Pick<AuthUser, 'role'> | null | undefined): boolean {
  return user?.role === 'MODERATOR' || user?.role === 'ADMIN'
}

export function hasRole(user: Pick<AuthUser, 'role'> | null | undefined, required: Role): boolean {
  if (required === 'ADMIN') return isAdmin(user)
  if (required === 'MODERATOR') return isModerator(user)
  return Boolean(user)
}

export function isStoredUser(value: unknown): value is AuthUser {
  const user = value as Partial<AuthUser> | null
  return Boolean(user && typeof user.username === 'string' && typeof user.id === 'string' && typeof user.role === 'string')
}

import { getToken } from '../../../relay/environment'
import { currentLocale } from '../../../i18n/locale'

/**
 * The add-contact dialog talks to the friends REST paths of spec section 7 (`GET /search-friends`,
 * `POST /friends/request?friend_id=`, both also under /api), which the contacts and messenger
 * work provides. Kept behind these two functions so the dialog does not depend on how.
 */
export type PersonFound = {
  id: number
  username: string
  firstName: string
  lastName: string
  friendshipStatus: 'pending' | 'accepted' | null
}

/** A refusal by the server (its `detail`), as opposed to a network failure. */
export class FriendsApiError extends Error {}

async function call(method: 'GET' | 'POST', path: string): Promise<unknown> {
  const token = getToken()
  const response = await fetch(path, {
    method,
    headers: { Accept: 'application/json', 'Accept-Language': currentLocale(), ...(token ? { Authorization: `Bearer ${token}` } : {}) },
  })
  const body: unknown = await response.json().catch(() => null)
  if (!response.ok) {
    const detail = (body as { detail?: unknown } | null)?.detail
    throw new FriendsApiError(typeof detail === 'string' ? detail : '')
  }
  return body
}

export async function searchPeople(query: string): Promise<PersonFound[]> {
  const body = await call('GET', `/api/search-friends?query=${encodeURIComponent(query)}`)
  const list = Array.isArray(body) ? body : []
  return list.map((item: Record<string, unknown>) => ({
    id: Number(item.id),
    username: String(item.username ?? ''),
    firstName: String(item.first_name ?? ''),
    lastName: String(item.last_name ?? ''),
    friendshipStatus: item.friendship_status === 'pending' || item.friendship_status === 'accepted' ? item.friendship_status : null,
  }))
}

export async function sendFriendRequest(friendId: number): Promise<void> {
  await call('POST', `/api/friends/request?friend_id=${friendId}`)
}

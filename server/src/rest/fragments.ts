/**
 * GraphQL fragments the REST rows share; a row's operation gets each fragment it spreads.
 * RestError is spread into every result union so typed errors become status codes.
 */
export const FRAGMENTS: Record<string, string> = {
  RestError: `fragment RestError on Error {
    __typename
    message
    ... on ValidationError { fieldErrors { path message } }
    ... on RateLimitError { retryAfterSeconds }
    ... on ConflictError { field }
  }`,
  RestUser: `fragment RestUser on User {
    databaseId username email firstName lastName middleName bio status location website
    phone phoneVerified birthDate coverImage avatarImage role isActive createdAt lastLogin
    postsCount friendsCount
  }`,
};

type GraphQLUser = Record<string, unknown> & { databaseId: number; role: string; avatarImage: string | null };

/** The spec's user object (section 3): snake_case fields, numeric id, lowercase role. */
export function restUser(user: GraphQLUser) {
  const { databaseId, role, ...rest } = user;
  const snake = Object.fromEntries(
    Object.entries(rest).map(([key, value]) => [key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`), value]),
  );
  return { id: databaseId, ...snake, avatar: user.avatarImage, role: role.toLowerCase() };
}

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

type GraphQLUser = Record<string, unknown> & { databaseId: number | null; role: string; avatarImage: string | null };

/** The spec's user object (section 3): snake_case fields, numeric id, lowercase role. */
export function restUser(user: GraphQLUser) {
  const { databaseId, role, ...rest } = user;
  const snake = Object.fromEntries(
    Object.entries(rest).map(([key, value]) => [key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`), value]),
  );
  return { id: databaseId, ...snake, avatar: user.avatarImage, role: role.toLowerCase() };
}

/**
 * The spec's user object for a self sign-up, built from what was submitted: a sign-up answers the
 * same whether or not the email was already registered, so it carries no id and nothing stored.
 */
export function restSubmittedUser(submitted: { firstName: string; lastName: string; username: string; email: string }) {
  return restUser({
    databaseId: null,
    username: submitted.username,
    email: submitted.email,
    firstName: submitted.firstName,
    lastName: submitted.lastName,
    middleName: null,
    bio: null,
    status: null,
    location: null,
    website: null,
    phone: null,
    phoneVerified: false,
    birthDate: null,
    coverImage: null,
    avatarImage: null,
    role: 'USER',
    isActive: true,
    createdAt: new Date().toISOString(),
    lastLogin: null,
    postsCount: 0,
    friendsCount: 0,
  });
}

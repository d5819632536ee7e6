import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { AppProviders } from '../../client/src/app/AppProviders';
import { routes } from '../../client/src/app/router';
import type { AuthUser, Role } from '../../client/src/app/auth/authUser';
import { openFreshEnvironment } from '../../client/src/relay/environment';

export interface GraphQLCall {
  operationName: string;
  variables: Record<string, unknown>;
  headers: Record<string, string>;
  /** The multipart body of a request that carried files. */
  form?: FormData;
}

type Reply = { status?: number; body: unknown };
/** A reply, or a promise of one (held back by the test; one that never settles: a request that never ends). */
type Answer = Reply | Promise<Reply>;
export type Resolver = (call: GraphQLCall) => Answer | undefined;

/**
 * Replaces `fetch` with a fake GraphQL server: `resolver` answers each operation by name
 * (undefined: `{data: {branding: ...}}` for branding queries, a 500 for anything else).
 * Returns the calls it received, so tests can assert what was (not) sent.
 */
export function fakeGraphQLServer(resolver: Resolver) {
  const calls: GraphQLCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    // The site's look, which the signed-in extras read once (app/siteTheme.ts): the default one.
    if (String(input instanceof Request ? input.url : input).endsWith('/api/themes/active')) {
      return new Response(JSON.stringify({ name: null, mode: 'light', accent: 'blue' }), {
        headers: { 'Content-Type': 'application/json' },
      });
    }
    // A request with files is multipart (GraphQL multipart request spec): the operation is a part.
    const multipart = init?.body instanceof FormData ? init.body : null;
    const text = multipart ? String(multipart.get('operations')) : String(init?.body ?? '{}');
    const body = JSON.parse(text) as { operationName: string; variables: Record<string, unknown> };
    const call: GraphQLCall = {
      operationName: body.operationName,
      variables: body.variables,
      headers: { ...(init?.headers as Record<string, string>) },
      form: multipart ?? undefined,
    };
    calls.push(call);
    expectPath(input);
    let answer = resolver(call);
    if (answer === undefined && /Logo|Footer|publicBranding/.test(call.operationName)) {
      // The header logo names its link by the site's name (for every user).
      answer = {
        body: { data: { branding: { logoUrl: null, bottomLogoUrl: null }, interfaceSettings: { siteName: 'LinkUp' } } },
      };
    }
    // The module switches the header reads: on, unless a test answers otherwise.
    if (answer === undefined && call.operationName === 'useModuleSwitchesQuery') {
      answer = { body: { data: { zoomvisorStatus: { enabled: true } } } };
    }
    if (answer === undefined) answer = { status: 500, body: { errors: [{ message: 'unexpected operation' }] } };
    const { status = 200, body: json } = await answer;
    return new Response(JSON.stringify(json), { status, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock, operations: () => calls.map((c) => c.operationName) };
}

function expectPath(input: RequestInfo | URL) {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  if (!url.endsWith('/graphql')) throw new Error(`unexpected request to ${url}`);
}

/** A member as the tests use them: what the client stores (AuthUser) and what the viewer queries also read. */
export type TestUser = AuthUser & { databaseId: number; email: string; createdAt: string };

export function makeUser(role: Role = 'USER', overrides: Partial<TestUser> = {}): TestUser {
  return {
    id: `VXNlcjox-${role}`,
    databaseId: 1,
    username: role.toLowerCase(),
    email: `${role.toLowerCase()}@linkup.test`,
    firstName: 'Анна',
    lastName: 'Смирнова',
    avatarImage: null,
    role,
    createdAt: '2024-03-05T10:00:00.000Z',
    ...overrides,
  };
}

/** Puts a session in localStorage as a previous sign-in would have. */
export function storeSession(user: AuthUser, { validatedAgoMs = 1_000 }: { validatedAgoMs?: number | null } = {}) {
  localStorage.setItem('token', 'test-token');
  localStorage.setItem('user', JSON.stringify(user));
  if (validatedAgoMs !== null) localStorage.setItem('last_token_validation', String(Date.now() - validatedAgoMs));
}

/** The viewer as GraphQL returns it (the fields the app's queries select). */
export function viewerJson(user: TestUser) {
  return { __typename: 'User', ...user, lastLogin: null, postsCount: 0, friendsCount: 0 };
}

/** The onboarding tour's query answered for `user`: due (a first visit) or not (the site has it off). */
export function onboardingTourAnswer(user: { id: string; role: Role }, { due = false } = {}) {
  return {
    body: {
      data: {
        viewer: { __typename: 'User', id: user.id, role: user.role, tourCompleted: !due },
        interfaceSettings: { tourEnabled: due },
      },
    },
  };
}

/** An answer that never comes (a request still under way), for `adminServer`. */
export const HELD = Symbol('held');

/**
 * `admin` signed in, on a fake server that answers the admin frame's own queries (the support badge,
 * the tour) and gives every other operation's data by name from `answer` (undefined: not expected;
 * HELD: no answer yet).
 */
export function adminServer(admin: TestUser, answer: (operationName: string, variables: Record<string, unknown>) => unknown) {
  storeSession(admin);
  return fakeGraphQLServer((call) => {
    if (call.operationName === 'SupportBadgeQuery') return { body: { data: { supportUnreadCount: 0 } } };
    if (call.operationName === 'OnboardingTourQuery') return onboardingTourAnswer(admin);
    const data = answer(call.operationName, call.variables);
    if (data === HELD) return new Promise<never>(() => {});
    return data === undefined ? undefined : { body: { data } };
  });
}

/** The dashboard query's answer: the viewer and the platform counters. */
export function dashboardData(
  user: TestUser,
  counters: Partial<Record<'usersTotal' | 'contentTotal' | 'contentPublished' | 'friendships' | 'messages', number>> = {},
) {
  return {
    viewer: viewerJson(user),
    systemStatus: { usersTotal: 0, contentTotal: 0, contentPublished: 0, friendships: 0, messages: 0, ...counters },
  };
}

export function renderApp(path: string) {
  // Each test starts with an empty store; the router's loaders start the first page's query in it.
  openFreshEnvironment();
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router };
}

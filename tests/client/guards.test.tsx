import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { fakeWs } from './fakeWs';
import { describe, expect, it } from 'vitest';
import { fakeGraphQLServer, makeUser, renderApp, storeSession, viewerJson, dashboardData } from './helpers';

describe('route guards', () => {
  it('sends an unauthenticated visit of /dashboard to /login', async () => {
    const server = fakeGraphQLServer(() => undefined);
    const { router } = renderApp('/dashboard');
    expect(await screen.findByRole('tab', { name: 'Вход' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/login');
    expect(server.operations()).not.toContain('DashboardPageQuery');
  });

  const startPage = (startPageEnabled: boolean) => ({
    body: {
      data: {
        interfaceSettings: { startPageEnabled },
        landingPage: {
          title: 'Стартовый заголовок',
          subtitle: null,
          description: null,
          heroImage: null,
          features: ['Чаты'],
          ctaText: 'Начать',
          ctaLink: '/register',
        },
      },
    },
  });

  it('redirects / to /login while the start page is off', async () => {
    fakeGraphQLServer((call) => (call.operationName === 'StartPageQuery' ? startPage(false) : undefined));
    const { router } = renderApp('/');
    await screen.findByRole('tab', { name: 'Вход' });
    expect(router.state.location.pathname).toBe('/login');
  });

  it('shows the landing page at / when the start page is on; its button opens registration', async () => {
    fakeGraphQLServer((call) => (call.operationName === 'StartPageQuery' ? startPage(true) : undefined));
    const { router } = renderApp('/');
    expect((await screen.findByTestId('landing-title')).textContent).toBe('Стартовый заголовок');
    expect(router.state.location.pathname).toBe('/');
    fireEvent.click(screen.getByTestId('landing-cta'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/register'));
    expect((await screen.findByTestId('tab-register')).getAttribute('aria-selected')).toBe('true');
  });

  it("sends a plain user's visit of /admin (and /users) to /dashboard, without asking for their data", async () => {
    const user = makeUser('USER');
    storeSession(user);
    const server = fakeGraphQLServer((call) =>
      call.operationName === 'DashboardPageQuery' ? { body: { data: dashboardData(user) } } : undefined,
    );
    const { router } = renderApp('/admin');
    expect(await screen.findByTestId('welcome-banner')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard');

    await router.navigate('/users');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    // The pages' loaders knew the stored role too: no query the server would refuse (FORBIDDEN) was sent.
    expect(server.operations().filter((name) => name.startsWith('Users') || name.endsWith('TabQuery'))).toEqual([]);
  });

  it('still loads an admin page for a stored member whose session needs checking again (they may have been promoted)', async () => {
    const promoted = makeUser('USER');
    storeSession(promoted, { validatedAgoMs: null });
    const server = fakeGraphQLServer((call) => {
      if (call.operationName === 'AuthProviderViewerQuery')
        return { body: { data: { viewer: { ...viewerJson(promoted), role: 'ADMIN' } } } };
      return undefined;
    });
    const { router } = renderApp('/admin');
    expect(await screen.findByRole('heading', { name: 'Админ-панель' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/admin');
    expect(server.operations()).toContain('DashboardTabQuery');
  });

  it('lets a moderator into /users but not /admin, and an admin into both', async () => {
    storeSession(makeUser('MODERATOR'));
    fakeGraphQLServer(() => undefined);
    const moderator = renderApp('/users');
    expect(await screen.findByRole('heading', { name: 'Пользователи' })).toBeTruthy();
    expect(moderator.router.state.location.pathname).toBe('/users');
    await moderator.router.navigate('/admin');
    await waitFor(() => expect(moderator.router.state.location.pathname).toBe('/dashboard'));
    moderator.unmount();

    storeSession(makeUser('ADMIN'));
    const admin = renderApp('/admin');
    expect(await screen.findByRole('heading', { name: 'Админ-панель' })).toBeTruthy();
    expect(admin.router.state.location.pathname).toBe('/admin');
  });

  it('sends a signed-in visit of /login to /dashboard', async () => {
    const user = makeUser('USER');
    storeSession(user);
    fakeGraphQLServer((call) =>
      call.operationName === 'DashboardPageQuery' ? { body: { data: dashboardData(user) } } : undefined,
    );
    const { router } = renderApp('/login');
    await screen.findByTestId('welcome-banner');
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('shows the reset-password page to anyone', async () => {
    fakeGraphQLServer(() => undefined);
    renderApp('/reset-password?token=abc');
    expect(await screen.findByLabelText('Новый пароль')).toBeTruthy();
  });
});

describe('role changes while the page is open', () => {
  const roleOf = () => screen.getByTestId('user-chip').querySelector('[data-testid="role-badge"]')?.getAttribute('data-role');

  it('a demoted moderator loses the badge, the /users link and the page at once; promoted again, gets them back', async () => {
    const moderator = makeUser('MODERATOR');
    storeSession(moderator);
    fakeGraphQLServer((call) =>
      call.operationName === 'DashboardPageQuery' ? { body: { data: dashboardData(moderator) } } : undefined,
    );
    const { router } = renderApp('/users');
    expect(await screen.findByRole('heading', { name: 'Пользователи' })).toBeTruthy();
    expect(roleOf()).toBe('MODERATOR');
    await waitFor(() => expect(fakeWs.active('ViewerLiveSubscription')).toHaveLength(1), { timeout: 5000 });
    const [feed] = fakeWs.active('ViewerLiveSubscription');

    // An admin made them a plain member: no reload, no 30 s wait.
    act(() => feed!.sink.next({ data: { viewerChanged: viewerJson({ ...moderator, role: 'USER' }) } }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    await waitFor(() => expect(roleOf()).toBe('USER'));
    expect(screen.queryByTestId('nav-users')).toBeNull();
    expect(JSON.parse(localStorage.getItem('user')!).role).toBe('USER');

    act(() => feed!.sink.next({ data: { viewerChanged: viewerJson({ ...moderator, role: 'MODERATOR' }) } }));
    await waitFor(() => expect(roleOf()).toBe('MODERATOR'));
    expect(screen.getAllByTestId('nav-users').length).toBeGreaterThan(0);
  });

  it('ignores an answer about another account', async () => {
    const member = makeUser('USER');
    storeSession(member);
    fakeGraphQLServer((call) =>
      call.operationName === 'DashboardPageQuery' ? { body: { data: dashboardData(member) } } : undefined,
    );
    renderApp('/dashboard');
    await screen.findByTestId('welcome-banner');
    await waitFor(() => expect(fakeWs.active('ViewerLiveSubscription')).toHaveLength(1), { timeout: 5000 });
    const other = makeUser('ADMIN', { id: 'VXNlcjoy' });
    act(() => fakeWs.active('ViewerLiveSubscription')[0]!.sink.next({ data: { viewerChanged: viewerJson(other) } }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(roleOf()).toBe('USER');
  });
});

describe('token validation on load', () => {
  it('skips the viewer query when validated less than 30 s ago and a user is stored', async () => {
    storeSession(makeUser('MODERATOR'), { validatedAgoMs: 5_000 });
    const server = fakeGraphQLServer(() => undefined);
    renderApp('/content');
    expect(await screen.findByTestId('content-page')).toBeTruthy();
    expect(server.operations()).not.toContain('AuthProviderViewerQuery');
  });

  it('validates an older token, shows a loading text meanwhile, and refreshes the stored user', async () => {
    const stored = makeUser('USER', { firstName: 'Старое' });
    storeSession(stored, { validatedAgoMs: 60_000 });
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const fresh = { ...stored, firstName: 'Новое', role: 'MODERATOR' as const };
    const server = fakeGraphQLServer((call) => {
      if (call.operationName === 'AuthProviderViewerQuery') {
        return gate.then(() => ({ body: { data: { viewer: viewerJson(fresh) } } })) as never;
      }
      return undefined;
    });
    renderApp('/content');
    expect(await screen.findByText('Загрузка...')).toBeTruthy();
    release();
    expect(await screen.findByTestId('content-page')).toBeTruthy();
    expect(server.calls.find((c) => c.operationName === 'AuthProviderViewerQuery')?.headers.Authorization).toBe(
      'Bearer test-token',
    );
    expect(JSON.parse(localStorage.getItem('user')!).firstName).toBe('Новое');
    expect(Number(localStorage.getItem('last_token_validation'))).toBeGreaterThan(Date.now() - 5_000);
    expect(screen.getByTestId('role-badge').getAttribute('data-role')).toBe('MODERATOR');
  });

  it('forgets the session when the viewer is null', async () => {
    storeSession(makeUser('USER'), { validatedAgoMs: null });
    fakeGraphQLServer((call) =>
      call.operationName === 'AuthProviderViewerQuery' ? { body: { data: { viewer: null } } } : undefined,
    );
    const { router } = renderApp('/dashboard');
    await screen.findByRole('tab', { name: 'Вход' });
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
  });

  it.each([401, 403])('forgets the session on HTTP %i', async (status) => {
    storeSession(makeUser('USER'), { validatedAgoMs: null });
    fakeGraphQLServer((call) =>
      call.operationName === 'AuthProviderViewerQuery' ? { status, body: { errors: [{ message: 'no' }] } } : undefined,
    );
    const { router } = renderApp('/dashboard');
    await screen.findByRole('tab', { name: 'Вход' });
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('forgets the session when the answer says UNAUTHENTICATED', async () => {
    storeSession(makeUser('USER'), { validatedAgoMs: null });
    fakeGraphQLServer((call) =>
      call.operationName === 'AuthProviderViewerQuery'
        ? { body: { data: null, errors: [{ message: 'no', extensions: { code: 'UNAUTHENTICATED' } }] } }
        : undefined,
    );
    const { router } = renderApp('/dashboard');
    await screen.findByRole('tab', { name: 'Вход' });
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem('token')).toBeNull();
  });

  it('keeps the session on a network error', async () => {
    const user = makeUser('USER');
    storeSession(user, { validatedAgoMs: null });
    fakeGraphQLServer((call) => {
      if (call.operationName === 'AuthProviderViewerQuery') return Promise.reject(new TypeError('Failed to fetch'));
      if (call.operationName === 'DashboardPageQuery') return { body: { data: dashboardData(user) } };
      return undefined;
    });
    const { router } = renderApp('/dashboard');
    expect(await screen.findByTestId('welcome-banner')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(localStorage.getItem('token')).toBe('test-token');
  });
});

describe('a token revoked while signed in', () => {
  it('ends the session when a later request is answered 401', async () => {
    const user = makeUser('USER');
    storeSession(user);
    fakeGraphQLServer((call) =>
      call.operationName === 'DashboardPageQuery' ? { status: 401, body: { errors: [{ message: 'revoked' }] } } : undefined,
    );
    const { router } = renderApp('/dashboard');
    await screen.findByRole('tab', { name: 'Вход' });
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem('token')).toBeNull();
  });
});

describe('logout', () => {
  it('revokes the session on the server, clears storage and goes to /login', async () => {
    const user = makeUser('USER');
    storeSession(user);
    const server = fakeGraphQLServer((call) => {
      if (call.operationName === 'DashboardPageQuery') return { body: { data: dashboardData(user) } };
      if (call.operationName === 'AuthProviderSignOutMutation')
        return { body: { data: { signOut: { __typename: 'SignOutSuccess' } } } };
      return undefined;
    });
    const { router } = renderApp('/dashboard');
    fireEvent.click(await screen.findByTestId('logout-button'));
    await screen.findByRole('tab', { name: 'Вход' });
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('user')).toBeNull();
    const signOut = server.calls.find((c) => c.operationName === 'AuthProviderSignOutMutation');
    expect(signOut?.headers.Authorization).toBe('Bearer test-token');
  });
});

import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ChakraProvider } from '@chakra-ui/react';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { UserChip } from '../../client/src/app/frame/UserChip';
import { system } from '../../client/src/app/theme';
import type { Role } from '../../client/src/app/auth/authUser';
import { fakeGraphQLServer, makeUser, renderApp, storeSession, dashboardData } from './helpers';

function renderChip(role: Role, firstName: string, lastName: string) {
  const user = makeUser(role, { firstName, lastName, username: 'konstantin' });
  const router = createMemoryRouter([{ path: '*', element: <UserChip user={user} /> }]);
  return render(
    <I18nProvider i18n={i18n}>
      <ChakraProvider value={system}>
        <RouterProvider router={router} />
      </ChakraProvider>
    </I18nProvider>,
  );
}

describe('user chip', () => {
  it('links to the own profile and truncates a long name at 8rem with an ellipsis', () => {
    renderChip('USER', 'Константин', 'Константинопольский-Преображенский');
    const chip = screen.getByTestId('user-chip');
    expect(chip.getAttribute('href')).toBe('/profile/konstantin');
    const name = within(chip).getByTestId('user-chip-name');
    expect(name.textContent).toBe('Константин Константинопольский-Преображенский');
    expect(name.getAttribute('title')).toBe(name.textContent);
    const style = getComputedStyle(name);
    expect(['8rem', '128px']).toContain(style.maxWidth);
    expect(style.overflow).toBe('hidden');
    expect(style.textOverflow).toBe('ellipsis');
    expect(style.whiteSpace).toBe('nowrap');
  });

  it.each([
    ['ADMIN', 'Админ'],
    ['MODERATOR', 'Модератор'],
    ['USER', 'Пользователь'],
  ] as const)('shows the %s role badge', (role, label) => {
    renderChip(role, 'Анна', 'Смирнова');
    const badge = within(screen.getByTestId('user-chip')).getByTestId('role-badge');
    expect(badge.textContent).toBe(label);
    expect(badge.getAttribute('data-role')).toBe(role);
  });
});

describe('page frame', () => {
  const navLinks = () =>
    within(screen.getByRole('navigation', { name: 'Основная навигация' }))
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));

  function signIn(role: Role) {
    const user = makeUser(role);
    storeSession(user);
    fakeGraphQLServer((call) =>
      call.operationName === 'DashboardPageQuery' ? { body: { data: dashboardData(user) } } : undefined,
    );
  }

  it('shows a plain user the common links, no LinkUp label and the text logo', async () => {
    signIn('USER');
    renderApp('/dashboard');
    await screen.findByTestId('welcome-banner');
    await waitFor(() =>
      expect(navLinks()).toEqual(['/dashboard', '/social', '/video-calls', '/subscription-plans', '/profile-settings']),
    );
    expect(screen.queryByTestId('header-brand-label')).toBeNull();
    expect(await screen.findByTestId('header-logo-text')).toBeTruthy();
  });

  it('adds /users and the LinkUp label for a moderator, and /admin for an admin', async () => {
    signIn('MODERATOR');
    const moderator = renderApp('/dashboard');
    await screen.findByTestId('welcome-banner');
    expect(navLinks()).toContain('/users');
    expect(navLinks()).not.toContain('/admin');
    expect(screen.getByTestId('header-brand-label').textContent).toBe('LinkUp');
    expect(screen.getByTestId('platform-box').textContent).toContain('LinkUp Platform v2.0');
    // Not "content management": the server keeps content to admins.
    expect(screen.getByTestId('platform-box-text').textContent).toBe(
      'Вам доступен список пользователей: поиск участников, их роли и статусы.',
    );
    moderator.unmount();

    signIn('ADMIN');
    renderApp('/dashboard');
    await screen.findByTestId('welcome-banner');
    await waitFor(() =>
      expect(navLinks()).toEqual([
        '/dashboard',
        '/social',
        '/video-calls',
        '/subscription-plans',
        '/profile-settings',
        '/users',
        '/admin',
      ]),
    );
    expect(screen.getByTestId('platform-box-text').textContent).toBe(
      'Вам доступны инструменты модерации: список пользователей и управление контентом.',
    );
  });

  it('leaves the video-call link out while the admin has the ZoomVisor module switched off', async () => {
    const user = makeUser('USER');
    storeSession(user);
    const server = fakeGraphQLServer((call) => {
      if (call.operationName === 'useModuleSwitchesQuery') return { body: { data: { zoomvisorStatus: { enabled: false } } } };
      if (call.operationName === 'DashboardPageQuery') return { body: { data: dashboardData(user) } };
      return undefined;
    });
    renderApp('/dashboard');
    await screen.findByTestId('welcome-banner');
    await waitFor(() => expect(server.operations()).toContain('useModuleSwitchesQuery'));
    await waitFor(() => expect(navLinks()).toEqual(['/dashboard', '/social', '/subscription-plans', '/profile-settings']));
  });

  it('keeps the other links on the same nodes while the module switches load (the tour highlights them)', async () => {
    const user = makeUser('USER');
    storeSession(user);
    let answerSwitches!: () => void;
    const switchesAnswered = new Promise<void>((resolve) => (answerSwitches = resolve));
    const server = fakeGraphQLServer((call) => {
      if (call.operationName === 'useModuleSwitchesQuery')
        return switchesAnswered.then(() => ({ body: { data: { zoomvisorStatus: { enabled: true } } } }));
      if (call.operationName === 'DashboardPageQuery') return { body: { data: dashboardData(user) } };
      return undefined;
    });
    renderApp('/dashboard');
    await screen.findByTestId('welcome-banner');
    await waitFor(() => expect(server.operations()).toContain('useModuleSwitchesQuery'));
    expect(navLinks()).toEqual(['/dashboard', '/social', '/subscription-plans', '/profile-settings']);
    const social = screen.getAllByTestId('nav-social');

    answerSwitches();
    await waitFor(() => expect(navLinks()).toContain('/video-calls'));
    expect(navLinks()).toEqual(['/dashboard', '/social', '/video-calls', '/subscription-plans', '/profile-settings']);
    expect(screen.getAllByTestId('nav-social')).toEqual(social);
    expect(social.every((link) => link.isConnected)).toBe(true);
  });

  it('shows the custom logo from branding', async () => {
    const user = makeUser('USER');
    storeSession(user);
    fakeGraphQLServer((call) => {
      if (call.operationName === 'HeaderLogoQuery')
        return {
          body: { data: { branding: { logoUrl: '/uploads/logo.svg' }, interfaceSettings: { siteName: 'LinkUp' } } },
        };
      if (call.operationName === 'DashboardPageQuery') return { body: { data: dashboardData(user) } };
      return undefined;
    });
    renderApp('/dashboard');
    expect(((await screen.findByTestId('header-logo-image')) as HTMLImageElement).getAttribute('src')).toBe('/uploads/logo.svg');
  });

  it('opens the mobile menu with the same links', async () => {
    const { happyDOM } = window as unknown as { happyDOM: { setViewport: (v: object) => void } };
    happyDOM.setViewport({ width: 390, height: 844 });
    try {
      signIn('ADMIN');
      renderApp('/dashboard');
      await screen.findByTestId('welcome-banner');
      fireEvent.click(screen.getByRole('button', { name: 'Открыть меню' }));
      const mobile = await screen.findByRole('navigation', { name: 'Мобильная навигация' });
      await waitFor(() => expect(within(mobile).getAllByRole('link')).toHaveLength(7));
      expect(screen.getByRole('button', { name: 'Закрыть меню' })).toBeTruthy();
    } finally {
      happyDOM.setViewport({ width: 1024, height: 768 });
    }
  });
});

describe('dashboard', () => {
  it('greets the viewer by first name and formats the registration date with the locale', async () => {
    const user = makeUser('USER', { firstName: 'Ольга', createdAt: '2024-03-05T10:00:00.000Z' });
    storeSession(user);
    fakeGraphQLServer((call) =>
      call.operationName === 'DashboardPageQuery' ? { body: { data: dashboardData(user) } } : undefined,
    );
    renderApp('/dashboard');
    expect((await screen.findByTestId('welcome-heading')).textContent).toBe('Добро пожаловать, Ольга!');
    const banner = screen.getByTestId('welcome-banner');
    for (const point of [
      'Делитесь своими контактами',
      'Оформляйте и публикуйте контент',
      'Ваш профиль — ваша визитная карточка',
      'Встречайтесь в аудио- и видеозвонках',
    ]) {
      expect(banner.textContent).toContain(point);
    }
    expect(screen.getByTestId('registration-date').textContent).toBe('05.03.2024');
  });
});

describe('language selector', () => {
  it('is a labelled select that switches the interface, remembers the choice and tells the server', async () => {
    const server = fakeGraphQLServer((call) =>
      call.operationName === 'LoginFormSignInMutation'
        ? {
            body: {
              data: { signIn: { __typename: 'InvalidCredentialsError', __isError: 'InvalidCredentialsError', message: 'x' } },
            },
          }
        : undefined,
    );
    renderApp('/login');
    const select = (await screen.findByLabelText('Язык')) as HTMLSelectElement;
    expect(select.tagName).toBe('SELECT');
    expect(select.value).toBe('ru');

    fireEvent.change(select, { target: { value: 'fr' } });
    expect(await screen.findByRole('tab', { name: 'Connexion' })).toBeTruthy();
    expect(screen.getByLabelText('Langue')).toBeTruthy();
    expect(localStorage.getItem('language')).toBe('fr');
    expect(document.documentElement.lang).toBe('fr');

    fireEvent.change(screen.getByLabelText('Langue'), { target: { value: 'en' } });
    expect(await screen.findByRole('tab', { name: 'Login' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Enter email')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'a@b.c' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect((await screen.findByTestId('login-error')).textContent).toContain('Invalid email or password');
    expect(server.calls.find((c) => c.operationName === 'LoginFormSignInMutation')?.headers['Accept-Language']).toBe('en');
  });
});

describe('a page that fails', () => {
  it('shows the error inside the frame, keeping the navigation', async () => {
    storeSession(makeUser('USER'));
    fakeGraphQLServer((call) =>
      call.operationName === 'DashboardPageQuery' ? { status: 500, body: { errors: [{ message: 'boom' }] } } : undefined,
    );
    renderApp('/dashboard');
    expect((await screen.findByTestId('route-error')).textContent).toContain('Что-то пошло не так');
    expect(screen.getByTestId('user-chip')).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Основная навигация' })).toBeTruthy();
  });
});

import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeWs } from './fakeWs';
import { describe, expect, it } from 'vitest';
import { fakeGraphQLServer, makeUser, renderApp, viewerJson, dashboardData } from './helpers';

function fillLogin(email: string, password: string) {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Пароль'), { target: { value: password } });
}

describe('login page', () => {
  it('asks for the email and password when submitted empty and sends nothing', async () => {
    const server = fakeGraphQLServer(() => undefined);
    renderApp('/login');
    fireEvent.click(await screen.findByRole('button', { name: 'Войти' }));

    expect(await screen.findByText('Введите email')).toBeTruthy();
    expect(screen.getByText('Введите пароль')).toBeTruthy();
    // The only request is the page's branding query (footer logo, favicon); the form sent nothing.
    const branding = ['publicBrandingQuery'];
    expect(server.operations().filter((op) => !branding.includes(op))).toEqual([]);
  });

  it('treats blanks as empty and trims what it sends', async () => {
    const server = fakeGraphQLServer((call) =>
      call.operationName === 'LoginFormSignInMutation'
        ? {
            body: {
              data: { signIn: { __typename: 'InvalidCredentialsError', __isError: 'InvalidCredentialsError', message: 'bad' } },
            },
          }
        : undefined,
    );
    renderApp('/login');
    await screen.findByRole('tab', { name: 'Вход' });
    fillLogin('   ', '   ');
    fireEvent.click(screen.getByRole('button', { name: 'Войти' }));
    expect(await screen.findByText('Введите email')).toBeTruthy();
    expect(server.operations()).not.toContain('LoginFormSignInMutation');

    fillLogin('  anna@linkup.test ', ' secret1 ');
    fireEvent.click(screen.getByRole('button', { name: 'Войти' }));
    await screen.findByTestId('login-error');
    const call = server.calls.find((c) => c.operationName === 'LoginFormSignInMutation');
    expect(call?.variables).toEqual({ input: { email: 'anna@linkup.test', password: 'secret1' } });
  });

  it.each([
    ['InvalidCredentialsError', 'Неверный email или пароль'],
    ['RateLimitError', 'Слишком много попыток входа. Попробуйте позже'],
  ])('shows the spec text for %s in the red box', async (typename, text) => {
    fakeGraphQLServer((call) =>
      call.operationName === 'LoginFormSignInMutation'
        ? {
            body: {
              data: { signIn: { __typename: typename, __isError: typename, message: 'server text', retryAfterSeconds: 30 } },
            },
          }
        : undefined,
    );
    renderApp('/login');
    await screen.findByRole('tab', { name: 'Вход' });
    fillLogin('anna@linkup.test', 'wrong');
    fireEvent.click(screen.getByRole('button', { name: 'Войти' }));
    const box = await screen.findByTestId('login-error');
    expect(box.textContent).toContain(text);
    expect(localStorage.getItem('token')).toBeNull();
  });

  it.each([
    [500, 'Ошибка сервера. Попробуйте позже'],
    [503, 'Ошибка сервера. Попробуйте позже'],
    [401, 'Неверный email или пароль'],
    [429, 'Слишком много попыток входа. Попробуйте позже'],
    [400, 'Ошибка авторизации'],
  ])('maps HTTP %i to its text', async (status, text) => {
    fakeGraphQLServer((call) =>
      call.operationName === 'LoginFormSignInMutation' ? { status, body: { errors: [{ message: 'x' }] } } : undefined,
    );
    renderApp('/login');
    await screen.findByRole('tab', { name: 'Вход' });
    fillLogin('anna@linkup.test', 'secret1');
    fireEvent.click(screen.getByRole('button', { name: 'Войти' }));
    expect((await screen.findByTestId('login-error')).textContent).toContain(text);
  });

  it('signs in: stores the token and user, opens the dashboard and sends the token after', async () => {
    const user = makeUser('USER', { firstName: 'Мария' });
    const server = fakeGraphQLServer((call) => {
      if (call.operationName === 'LoginFormSignInMutation') {
        return { body: { data: { signIn: { __typename: 'SignInSuccess', token: 'jwt-1', user: viewerJson(user) } } } };
      }
      if (call.operationName === 'DashboardPageQuery') return { body: { data: dashboardData(user) } };
      return undefined;
    });
    const { router } = renderApp('/login');
    await screen.findByRole('tab', { name: 'Вход' });
    fillLogin('maria@linkup.test', 'secret1');
    fireEvent.click(screen.getByRole('button', { name: 'Войти' }));

    expect((await screen.findByTestId('welcome-heading')).textContent).toContain('Мария');
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(localStorage.getItem('token')).toBe('jwt-1');
    expect(JSON.parse(localStorage.getItem('user')!).username).toBe(user.username);
    const signInCall = server.calls.find((c) => c.operationName === 'LoginFormSignInMutation')!;
    expect(signInCall.headers.Authorization).toBeUndefined();
    expect(signInCall.headers['Accept-Language']).toBe('ru');
    const dashboardCall = server.calls.find((c) => c.operationName === 'DashboardPageQuery')!;
    expect(dashboardCall.headers.Authorization).toBe('Bearer jwt-1');
  });

  it('toggles the password visibility', async () => {
    fakeGraphQLServer(() => undefined);
    renderApp('/login');
    const password = (await screen.findByLabelText('Пароль')) as HTMLInputElement;
    expect(password.type).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: 'Показать пароль' }));
    expect(password.type).toBe('text');
    fireEvent.click(screen.getByRole('button', { name: 'Скрыть пароль' }));
    expect(password.type).toBe('password');
  });
});

describe('registration tab', () => {
  async function openRegistration() {
    fireEvent.click(await screen.findByRole('tab', { name: 'Регистрация' }));
    return screen.findByRole('form', { name: 'Регистрация' });
  }

  function fillRegistration(form: HTMLElement) {
    const field = (label: string) => within(form).getByLabelText(label);
    fireEvent.change(field('Имя'), { target: { value: 'Иван' } });
    fireEvent.change(field('Фамилия'), { target: { value: 'Петров' } });
    fireEvent.change(field('Имя пользователя'), { target: { value: 'ivan' } });
    fireEvent.change(field('Email'), { target: { value: 'ivan@linkup.test' } });
    fireEvent.change(field('Пароль'), { target: { value: 'secret1' } });
  }

  it('requires every field', async () => {
    const server = fakeGraphQLServer(() => undefined);
    renderApp('/login');
    const form = await openRegistration();
    fireEvent.click(within(form).getByRole('button', { name: 'Зарегистрироваться' }));
    for (const text of ['Введите имя', 'Введите фамилию', 'Введите имя пользователя', 'Введите email', 'Введите пароль']) {
      expect(await within(form).findByText(text)).toBeTruthy();
    }
    expect(server.operations()).not.toContain('RegisterFormSignUpMutation');
  });

  it('shows a conflict next to its field', async () => {
    fakeGraphQLServer((call) =>
      call.operationName === 'RegisterFormSignUpMutation'
        ? {
            body: {
              data: {
                signUp: {
                  __typename: 'ConflictError',
                  __isError: 'ConflictError',
                  field: 'email',
                  message: 'Email уже зарегистрирован',
                },
              },
            },
          }
        : undefined,
    );
    renderApp('/login');
    const form = await openRegistration();
    fillRegistration(form);
    fireEvent.click(within(form).getByRole('button', { name: 'Зарегистрироваться' }));
    expect((await screen.findByTestId('register-email-error')).textContent).toBe('Email уже зарегистрирован');
  });

  it('shows validation errors by field (snake_case paths too)', async () => {
    fakeGraphQLServer((call) =>
      call.operationName === 'RegisterFormSignUpMutation'
        ? {
            body: {
              data: {
                signUp: {
                  __typename: 'ValidationError',
                  __isError: 'ValidationError',
                  message: 'Invalid input',
                  fieldErrors: [
                    { path: ['input', 'password'], message: 'Минимум 6 символов' },
                    { path: ['first_name'], message: 'Слишком длинное имя' },
                  ],
                },
              },
            },
          }
        : undefined,
    );
    renderApp('/login');
    const form = await openRegistration();
    fillRegistration(form);
    fireEvent.click(within(form).getByRole('button', { name: 'Зарегистрироваться' }));
    expect((await screen.findByTestId('register-password-error')).textContent).toBe('Минимум 6 символов');
    expect(screen.getByTestId('register-firstName-error').textContent).toBe('Слишком длинное имя');
  });

  it('falls back to the generic text when the request fails', async () => {
    fakeGraphQLServer(() => undefined);
    renderApp('/login');
    const form = await openRegistration();
    fillRegistration(form);
    fireEvent.click(within(form).getByRole('button', { name: 'Зарегистрироваться' }));
    expect((await screen.findByTestId('register-error')).textContent).toContain('Ошибка регистрации');
  });

  it('on success switches to the login tab with a note and an empty form', async () => {
    const server = fakeGraphQLServer((call) =>
      call.operationName === 'RegisterFormSignUpMutation'
        ? { body: { data: { signUp: { __typename: 'SignUpSuccess', user: { id: 'VXNlcjo5', email: 'ivan@linkup.test' } } } } }
        : undefined,
    );
    renderApp('/login');
    const form = await openRegistration();
    fillRegistration(form);
    fireEvent.click(within(form).getByRole('button', { name: 'Зарегистрироваться' }));

    expect((await screen.findByTestId('login-notice')).textContent).toContain('Регистрация прошла успешно');
    expect(screen.getByRole('tab', { name: 'Вход' }).getAttribute('aria-selected')).toBe('true');
    // The login form (the registration panel may still be leaving: its exit is animated).
    const login = await screen.findByRole('form', { name: 'Вход' });
    expect((within(login).getByLabelText('Email') as HTMLInputElement).value).toBe('');
    expect((within(login).getByLabelText('Пароль') as HTMLInputElement).value).toBe('');
    const call = server.calls.find((c) => c.operationName === 'RegisterFormSignUpMutation')!;
    expect(call.variables).toEqual({
      input: { firstName: 'Иван', lastName: 'Петров', username: 'ivan', email: 'ivan@linkup.test', password: 'secret1' },
    });

    // The registration form was cleared.
    fireEvent.click(screen.getByRole('tab', { name: 'Регистрация' }));
    const again = await screen.findByRole('form', { name: 'Регистрация' });
    expect((within(again).getByLabelText('Имя') as HTMLInputElement).value).toBe('');
  });
});

describe('password recovery mode', () => {
  it('requires the email, then returns to login with the success note', async () => {
    const server = fakeGraphQLServer((call) =>
      call.operationName === 'RecoveryFormRequestPasswordResetMutation'
        ? { body: { data: { requestPasswordReset: { __typename: 'RequestPasswordResetSuccess', message: 'ok' } } } }
        : undefined,
    );
    renderApp('/login');
    fireEvent.click(await screen.findByRole('button', { name: 'Забыли пароль?' }));
    expect(await screen.findByRole('heading', { name: 'Восстановление пароля' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Отправить инструкции' }));
    expect(await screen.findByText('Введите email для восстановления пароля')).toBeTruthy();
    expect(server.operations()).not.toContain('RecoveryFormRequestPasswordResetMutation');

    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'anna@linkup.test' } });
    fireEvent.click(screen.getByRole('button', { name: 'Отправить инструкции' }));
    expect((await screen.findByTestId('login-notice')).textContent).toContain(
      'Инструкции по восстановлению пароля отправлены на ваш email',
    );
    expect(screen.getByRole('tab', { name: 'Вход' })).toBeTruthy();
  });

  it('shows the failure text', async () => {
    fakeGraphQLServer((call) =>
      call.operationName === 'RecoveryFormRequestPasswordResetMutation'
        ? { body: { data: { requestPasswordReset: { __typename: 'RateLimitError', message: 'x', retryAfterSeconds: 5 } } } }
        : undefined,
    );
    renderApp('/login');
    fireEvent.click(await screen.findByRole('button', { name: 'Забыли пароль?' }));
    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'anna@linkup.test' } });
    fireEvent.click(screen.getByRole('button', { name: 'Отправить инструкции' }));
    expect((await screen.findByTestId('recovery-error')).textContent).toContain(
      'Ошибка при отправке запроса на восстановление пароля',
    );
  });
});

describe('login footer', () => {
  const branding = (bottomLogoUrl: string | null, faviconUrl: string | null = null) => ({
    faviconUrl,
    bottomLogoUrl,
  });

  it('shows the bottom logo from branding, or the text logo', async () => {
    fakeGraphQLServer((call) =>
      call.operationName === 'publicBrandingQuery'
        ? { body: { data: { branding: branding('/uploads/bottom.png') } } }
        : undefined,
    );
    renderApp('/login');
    const image = (await screen.findByTestId('company-logo-image')) as HTMLImageElement;
    expect(image.getAttribute('src')).toBe('/uploads/bottom.png');
    await waitFor(() => expect(screen.queryByTestId('company-logo-text')).toBeNull());
  });

  it('follows an admin’s branding change on the open page, without a session and without a reload', async () => {
    const server = fakeGraphQLServer((call) =>
      call.operationName === 'publicBrandingQuery' ? { body: { data: { branding: branding(null) } } } : undefined,
    );
    const icon = Object.assign(document.createElement('link'), { rel: 'icon' });
    icon.setAttribute('href', '/favicon.ico');
    document.head.append(icon);
    renderApp('/login');
    await screen.findByTestId('company-logo-text');
    // An anonymous socket: no token in its connection parameters.
    await waitFor(() => expect(fakeWs.active('publicBrandingSubscription')).toHaveLength(1));
    const connectionParams = fakeWs.clients.at(-1)!.options.connectionParams;
    expect(typeof connectionParams === 'function' ? await connectionParams() : (connectionParams ?? {})).toEqual({});

    const [feed] = fakeWs.active('publicBrandingSubscription');
    act(() => feed!.sink.next({ data: { brandingChanged: branding('/branding/new-bottom.svg', '/branding/new-icon.png') } }));
    expect((await screen.findByTestId('company-logo-image')).getAttribute('src')).toBe('/branding/new-bottom.svg');
    expect(icon.getAttribute('href')).toBe('/branding/new-icon.png');

    // Deleted again: the text logo and index.html's icon come back.
    act(() => feed!.sink.next({ data: { brandingChanged: branding(null) } }));
    expect(await screen.findByTestId('company-logo-text')).toBeTruthy();
    expect(icon.getAttribute('href')).toBe('/favicon.ico');
    icon.remove();
    // Only the one query the page opened with: the feed itself carries the changes.
    expect(server.operations().filter((name) => name === 'publicBrandingQuery')).toHaveLength(1);
  });

  it('stops the anonymous feed once the visitor signs in (the signed-in pages have their own)', async () => {
    const user = makeUser('USER');
    fakeGraphQLServer((call) => {
      if (call.operationName === 'publicBrandingQuery') return { body: { data: { branding: branding(null) } } };
      if (call.operationName === 'LoginFormSignInMutation')
        return { body: { data: { signIn: { __typename: 'SignInSuccess', token: 'jwt-2', user: viewerJson(user) } } } };
      if (call.operationName === 'DashboardPageQuery') return { body: { data: dashboardData(user) } };
      return undefined;
    });
    renderApp('/login');
    await waitFor(() => expect(fakeWs.active('publicBrandingSubscription')).toHaveLength(1));
    const anonymousClient = fakeWs.clients.find((client) => !client.disposed)!;
    fillLogin('anna@linkup.test', 'secret1');
    fireEvent.click(screen.getByRole('button', { name: 'Войти' }));
    await screen.findByTestId('welcome-banner');
    await waitFor(() => expect(anonymousClient.disposed).toBe(true));
  });
});

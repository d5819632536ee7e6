import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeGraphQLServer, renderApp } from './helpers';

function fill(password: string, confirm: string) {
  fireEvent.change(screen.getByLabelText('Новый пароль'), { target: { value: password } });
  fireEvent.change(screen.getByLabelText('Повторите пароль'), { target: { value: confirm } });
  fireEvent.click(screen.getByRole('button', { name: 'Сохранить пароль' }));
}

describe('reset password page', () => {
  it('checks the length and the confirmation before sending', async () => {
    const server = fakeGraphQLServer(() => undefined);
    renderApp('/reset-password?token=abc');
    await screen.findByLabelText('Новый пароль');
    fill('12345', '12345');
    expect(await screen.findByText('Пароль должен содержать не менее 6 символов')).toBeTruthy();
    fill('123456', '654321');
    expect(await screen.findByText('Пароли не совпадают')).toBeTruthy();
    expect(server.operations()).not.toContain('ResetPasswordPageMutation');
  });

  it('sends the token and password, then offers the way to /login', async () => {
    const server = fakeGraphQLServer((call) =>
      call.operationName === 'ResetPasswordPageMutation'
        ? { body: { data: { resetPassword: { __typename: 'ResetPasswordSuccess', message: 'ok' } } } }
        : undefined,
    );
    renderApp('/reset-password?token=abc');
    await screen.findByLabelText('Новый пароль');
    fill('secret1', 'secret1');
    expect((await screen.findByTestId('reset-success')).textContent).toContain('Пароль успешно изменён');
    expect(screen.getByRole('link', { name: 'Перейти ко входу' }).getAttribute('href')).toBe('/login');
    expect(server.calls.find((c) => c.operationName === 'ResetPasswordPageMutation')?.variables).toEqual({
      input: { token: 'abc', password: 'secret1' },
    });
  });

  it('explains an invalid or expired link', async () => {
    fakeGraphQLServer((call) =>
      call.operationName === 'ResetPasswordPageMutation'
        ? {
            body: {
              data: { resetPassword: { __typename: 'InvalidTokenError', __isError: 'InvalidTokenError', message: 'bad token' } },
            },
          }
        : undefined,
    );
    renderApp('/reset-password?token=old');
    await screen.findByLabelText('Новый пароль');
    fill('secret1', 'secret1');
    expect((await screen.findByTestId('reset-error')).textContent).toContain('недействительна или устарела');
  });

  it('says so when the link has no token', async () => {
    fakeGraphQLServer(() => undefined);
    renderApp('/reset-password');
    expect((await screen.findByTestId('reset-error')).textContent).toContain('недействительна или устарела');
    expect(screen.queryByLabelText('Новый пароль')).toBeNull();
  });
});

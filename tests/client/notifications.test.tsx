import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeWs } from './fakeWs';
import { fakeGraphQLServer, makeUser, renderApp, storeSession, dashboardData } from './helpers';

describe('notifications', () => {
  it('subscribes with the token while signed in and shows each notification as a toast', async () => {
    const user = makeUser('USER');
    storeSession(user);
    fakeGraphQLServer((call) =>
      call.operationName === 'DashboardPageQuery' ? { body: { data: dashboardData(user) } } : undefined,
    );
    renderApp('/dashboard');
    await screen.findByTestId('welcome-banner', {}, { timeout: 5000 });

    await vi_waitForSubscription();
    const [subscription] = fakeWs.active('NotificationsListenerSubscription');
    const params = await (fakeWs.clients.at(-1)!.options.connectionParams as () => unknown)();
    // The server writes the notifications' texts in the language the connection names.
    expect(params).toEqual({ authorization: 'Bearer test-token', locale: 'ru' });

    act(() => {
      subscription!.sink.next({
        data: {
          notifications: { id: 'n1', kind: 'NEW_SIGN_IN', message: 'server text', createdAt: '2025-01-01T00:00:00Z' },
        },
      });
    });
    expect(await screen.findByText('В ваш аккаунт выполнен вход с другого устройства', {}, { timeout: 5000 })).toBeTruthy();
  });

  it('subscribes once, and after a dropped socket resumes from the last notification received', async () => {
    const user = makeUser('USER');
    storeSession(user);
    fakeGraphQLServer((call) =>
      call.operationName === 'DashboardPageQuery' ? { body: { data: dashboardData(user) } } : undefined,
    );
    renderApp('/dashboard');
    await vi_waitForSubscription();
    const [first] = fakeWs.active('NotificationsListenerSubscription');
    expect(first!.payload.variables).toEqual({ after: null });
    const signIn = (id: string) => ({
      data: { notifications: { id, kind: 'NEW_SIGN_IN', message: 'server text', createdAt: '2025-01-01T00:00:00Z' } },
    });
    act(() => first!.sink.next(signIn('n7')));

    act(() => fakeWs.reconnect());
    await waitFor(() =>
      expect(fakeWs.active('NotificationsListenerSubscription').map((s) => s.payload.variables)).toEqual([{ after: 'n7' }]),
    );
    expect(first!.active).toBe(false);
    // One subscription for the whole page: nobody else subscribes to notifications.
    expect(fakeWs.subscriptions.filter((s) => s.active && /otification/.test(s.payload.operationName ?? ''))).toHaveLength(1);
  });

  it('does not subscribe on the login page', async () => {
    fakeGraphQLServer(() => undefined);
    renderApp('/login');
    await screen.findByRole('tab', { name: 'Вход' });
    // Only the public branding feed (the footer logo and the tab icon, live) may listen there.
    expect(
      fakeWs.subscriptions.map((s) => s.payload.operationName).filter((name) => name !== 'publicBrandingSubscription'),
    ).toEqual([]);
  });
});

async function vi_waitForSubscription() {
  const { waitFor } = await import('@testing-library/react');
  // The signed-in extras load lazily: allow a busy machine more than the default second.
  await waitFor(() => expect(fakeWs.active('NotificationsListenerSubscription')).toHaveLength(1), { timeout: 5000 });
}

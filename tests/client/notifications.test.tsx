import { act, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { fakeWs } from './fakeWs'
import { fakeGraphQLServer, makeUser, renderApp, storeSession, viewerJson, dashboardData } from './helpers'

describe('notifications', () => {
  it('subscribes with the token while signed in and shows each notification as a toast', async () => {
    const user = makeUser('USER')
    storeSession(user)
    fakeGraphQLServer((call) =>
      call.operationName === 'DashboardPageQuery' ? { body: { data: dashboardData(user) } } : undefined,
    )
    renderApp('/dashboard')
    await screen.findByTestId('welcome-banner', {}, { timeout: 5000 })

    await vi_waitForSubscription()
    const [subscription] = fakeWs.active('NotificationsListenerSubscription')
    const params = await (fakeWs.clients.at(-1)!.options.connectionParams as () => unknown)()
    expect(params).toEqual({ authorization: 'Bearer test-token' })

    act(() => {
      subscription!.sink.next({
        data: {
          notifications: { id: 'n1', kind: 'NEW_SIGN_IN', message: 'server text', createdAt: '2025-01-01T00:00:00Z' },
        },
      })
    })
    expect(await screen.findByText('В ваш аккаунт выполнен вход с другого устройства', {}, { timeout: 5000 })).toBeTruthy()
  })

  it('does not subscribe on the login page', async () => {
    fakeGraphQLServer(() => undefined)
    renderApp('/login')
    await screen.findByRole('tab', { name: 'Вход' })
    expect(fakeWs.subscriptions).toHaveLength(0)
  })
})

async function vi_waitForSubscription() {
  const { waitFor } = await import('@testing-library/react')
  // The signed-in extras load lazily: allow a busy machine more than the default second.
  await waitFor(() => expect(fakeWs.active('NotificationsListenerSubscription')).toHaveLength(1), { timeout: 5000 })
}

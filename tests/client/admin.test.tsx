import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeGraphQLServer, makeUser, renderApp, storeSession } from './helpers';
import { ADMIN_TABS } from '../../client/src/features/admin/adminTabs';

const stats = { usersToday: 3, postsToday: 7, activeModules: 2, totalModules: 5, storageUsed: '1.50 MB' };

const usersPage = {
  users: {
    totalCount: 1,
    edges: [
      {
        cursor: 'c1',
        node: {
          __typename: 'User',
          id: 'VXNlcjo1',
          username: 'olga',
          firstName: 'Ольга',
          lastName: 'Иванова',
          email: 'olga@example.ru',
          role: 'MODERATOR',
          isActive: false,
          createdAt: '2026-01-02T10:00:00.000Z',
          lastLogin: null,
        },
      },
    ],
    pageInfo: { hasNextPage: false, endCursor: 'c1' },
  },
};

function adminServer() {
  storeSession(makeUser('ADMIN'));
  return fakeGraphQLServer((call) => {
    if (call.operationName === 'DashboardTabQuery') return { body: { data: { adminStats: stats } } };
    if (call.operationName === 'UsersTabQuery') return { body: { data: usersPage } };
    // The sidebar's count of new support messages.
    if (call.operationName === 'SupportBadgeQuery') return { body: { data: { supportUnreadCount: 0 } } };
    return undefined;
  });
}

describe('/admin', () => {
  it('lists every tab of the spec in the sidebar and opens the dashboard with its figures', async () => {
    const server = adminServer();
    const { router } = renderApp('/admin');
    expect(await screen.findByTestId('stat-users-today-value')).toHaveProperty('textContent', '3');
    expect(screen.getByTestId('stat-posts-today-value').textContent).toBe('7');
    expect(screen.getByTestId('stat-modules-value').textContent).toBe('2 из 5');
    expect(screen.getByTestId('stat-storage-value').textContent).toBe('1.50 MB');

    const sidebar = screen.getByTestId('admin-sidebar');
    const links = within(sidebar).getAllByRole('link');
    // The spec's 14 tabs, the content (CMS), the interface texts and the audit log, and "Return to site".
    expect(ADMIN_TABS).toHaveLength(17);
    expect(links.map((link) => link.textContent)).toEqual([
      'Панель управления',
      'Настройки системы',
      'Групповые звонки',
      'Медиатека',
      'Логотип и фавикон',
      'Модули CMS',
      'Шаблоны',
      'CSS-стили',
      'Управление API',
      'Темы',
      'Управление пользователями',
      'Контент',
      'Поддержка',
      'Стартовая страница',
      'Переводы',
      'Подписчики',
      'Журнал действий',
      'Вернуться на сайт',
    ]);
    expect(within(sidebar).getByRole('link', { name: 'Панель управления' }).getAttribute('aria-current')).toBe('page');
    expect(within(sidebar).getByRole('link', { name: 'Вернуться на сайт' }).getAttribute('href')).toBe('/dashboard');
    // Only the open tab's data was asked for.
    expect(server.operations().filter((name) => name.endsWith('TabQuery'))).toEqual(['DashboardTabQuery']);
    expect(router.state.location.pathname).toBe('/admin');
  });

  it('loads a tab’s data when it is opened', async () => {
    const server = adminServer();
    const { router } = renderApp('/admin');
    await screen.findByTestId('admin-dashboard');
    fireEvent.click(screen.getByTestId('admin-tab-users'));
    const row = await screen.findByTestId('admin-user-row');
    expect(router.state.location.pathname).toBe('/admin/users');
    expect(server.operations()).toContain('UsersTabQuery');
    expect(within(row).getByText('Заблокирован')).toBeTruthy();
    expect(within(row).getByText('olga@example.ru')).toBeTruthy();
  });

  it('collapses the sidebar to icons that keep their names', async () => {
    adminServer();
    renderApp('/admin');
    await screen.findByTestId('admin-dashboard');
    const sidebar = screen.getByTestId('admin-sidebar');
    fireEvent.click(screen.getByTestId('admin-sidebar-toggle'));
    await waitFor(() => expect(sidebar.getAttribute('data-collapsed')).toBe('true'));
    const users = within(sidebar).getByRole('link', { name: 'Управление пользователями' });
    expect(users.textContent).toBe('');
    fireEvent.click(screen.getByTestId('admin-sidebar-toggle'));
    await waitFor(() => expect(users.textContent).toBe('Управление пользователями'));
  });

  it('asks before deleting a user and sends the deletion only when confirmed', async () => {
    const server = adminServer();
    renderApp('/admin/users');
    fireEvent.click(within(await screen.findByTestId('admin-user-row')).getByTestId('admin-user-delete'));
    expect(await screen.findByTestId('confirm-dialog')).toBeTruthy();
    fireEvent.click(screen.getByTestId('confirm-cancel'));
    await waitFor(() => expect(screen.queryByTestId('confirm-dialog')).toBeNull());
    expect(server.operations()).not.toContain('UsersTabDeleteMutation');
  });
});

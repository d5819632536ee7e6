import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminServer, HELD, makeUser, renderApp } from './helpers';

/**
 * Deleting an item of an admin list: the list shows the others at once and the tab stays. The
 * deletes took the record out of Relay's store (`@deleteRecord`) and left the list pointing at it;
 * the list then read a null item and the tab's error boundary («Не удалось загрузить вкладку»)
 * took its place.
 */

const admin = makeUser('ADMIN');

const LOADED = { timeout: 10_000 };

/** Clicks a row's delete `button` and confirms; waits for the mutation's answer (the dialog closes on it). */
async function confirmDelete(server: ReturnType<typeof adminServer>, button: HTMLElement, mutation: string) {
  const sent = server.operations().filter((name) => name === mutation).length;
  fireEvent.click(button);
  fireEvent.click(await screen.findByTestId('confirm-ok'));
  await waitFor(() => expect(server.operations().filter((name) => name === mutation)).toHaveLength(sent + 1));
  await waitFor(() => expect(screen.queryByTestId('confirm-dialog')).toBeNull());
}

const theme = (id: string, name: string, isActive = false) => ({
  __typename: 'Theme',
  id,
  name,
  description: null,
  mode: 'LIGHT',
  accent: 'BLUE',
  isActive,
});

const template = (id: string, name: string) => ({
  __typename: 'Template',
  id,
  name,
  templateType: 'mail',
  content: '<p>{{body}}</p>',
  isActive: false,
  updatedAt: '2026-01-02T10:00:00.000Z',
});

const question = (id: string, prompt: string) => ({
  __typename: 'TriviaQuestion',
  id,
  prompt,
  options: ['Да', 'Нет'],
  correctIndex: 0,
});

const contentItem = (id: string, title: string) => ({
  __typename: 'ContentItem',
  id,
  title,
  slug: title.toLowerCase(),
  content: '<p>Текст</p>',
  excerpt: null,
  contentType: 'POST',
  status: 'PUBLISHED',
  views: 0,
  createdAt: '2026-01-02T10:00:00.000Z',
  category: null,
  tags: [],
  author: null,
});

/** The group calls tab with two trivia questions; once `deleted()`, the bank's reads never answer. */
function fakeAdminServerWithTrivia(deleted: () => boolean) {
  return adminServer(admin, (name, variables) => {
    if (name === 'GroupCallsTabQuery') {
      return {
        groupCallSettings: {
          participantPlan: { plan: 'free', maxParticipants: 4, commercial: false },
          groupCallsEnabled: true,
          videoQuality: 'auto',
          settings: [],
        },
      };
    }
    if (name === 'TriviaBankQuery') {
      expect(variables).toEqual({ locale: 'ru' });
      if (deleted()) return HELD;
      return { triviaQuestions: [question('VHJpdmlhOjE=', 'Первый?'), question('VHJpdmlhOjI=', 'Второй?')] };
    }
    if (name === 'TriviaBankDeleteMutation') return { deleteTriviaQuestion: { __typename: 'DeleteTriviaQuestionSuccess' } };
    return undefined;
  });
}

const member = (id: string, username: string) => ({
  __typename: 'User',
  id,
  username,
  firstName: 'Имя',
  lastName: username,
  email: `${username}@example.ru`,
  role: 'USER',
  isActive: true,
  createdAt: '2026-01-02T10:00:00.000Z',
  lastLogin: null,
});

describe('an admin list after a delete', () => {
  it('themes: the deleted theme leaves the list and the tab stays', async () => {
    const server = adminServer(admin, (name) => {
      if (name === 'ThemesTabQuery') return { themes: [theme('VGhlbWU6MQ==', 'Светлая', true), theme('VGhlbWU6Mg==', 'Ночь')] };
      if (name === 'ThemesTabDeleteMutation')
        return { deleteTheme: { __typename: 'DeleteThemeSuccess', deletedId: 'VGhlbWU6Mg==' } };
      return undefined;
    });
    renderApp('/admin/themes');
    const cards = await screen.findAllByTestId('theme-card', {}, LOADED);
    expect(cards.map((card) => card.dataset.name)).toEqual(['Светлая', 'Ночь']);
    await confirmDelete(server, within(cards[1]!).getByTestId('theme-delete'), 'ThemesTabDeleteMutation');

    await waitFor(() => expect(screen.getAllByTestId('theme-card').map((card) => card.dataset.name)).toEqual(['Светлая']));
    expect(screen.queryByTestId('admin-tab-error')).toBeNull();
    expect(screen.getByTestId('theme-create')).toBeTruthy();
  });

  it('themes: a refused delete keeps the theme in the list', async () => {
    const server = adminServer(admin, (name) => {
      if (name === 'ThemesTabQuery') return { themes: [theme('VGhlbWU6MQ==', 'Светлая', true), theme('VGhlbWU6Mg==', 'Ночь')] };
      if (name === 'ThemesTabDeleteMutation') {
        return { deleteTheme: { __typename: 'NotFoundError', __isError: 'NotFoundError', message: 'Тема не найдена' } };
      }
      return undefined;
    });
    renderApp('/admin/themes');
    const cards = await screen.findAllByTestId('theme-card', {}, LOADED);
    await confirmDelete(server, within(cards[1]!).getByTestId('theme-delete'), 'ThemesTabDeleteMutation');

    expect(await screen.findByText('Тема не найдена')).toBeTruthy();
    expect(screen.getAllByTestId('theme-card').map((card) => card.dataset.name)).toEqual(['Светлая', 'Ночь']);
  });

  it('templates: the deleted template leaves the list and the tab stays', async () => {
    const server = adminServer(admin, (name) => {
      if (name === 'TemplatesTabQuery') {
        return {
          templates: [template('VGVtcGxhdGU6MQ==', 'Письмо LinkUp'), template('VGVtcGxhdGU6Mg==', 'Черновик')],
          templatePlaceholders: [{ templateType: 'mail', names: ['subject', 'body'], required: ['body'] }],
        };
      }
      if (name === 'TemplatesTabDeleteMutation') {
        return { deleteTemplate: { __typename: 'DeleteTemplateSuccess', deletedId: 'VGVtcGxhdGU6Mg==' } };
      }
      return undefined;
    });
    renderApp('/admin/templates');
    const rows = await screen.findAllByTestId('template-row', {}, LOADED);
    expect(rows.map((row) => row.dataset.name)).toEqual(['Письмо LinkUp', 'Черновик']);
    await confirmDelete(server, within(rows[1]!).getByTestId('template-delete'), 'TemplatesTabDeleteMutation');

    await waitFor(() => expect(screen.getAllByTestId('template-row').map((row) => row.dataset.name)).toEqual(['Письмо LinkUp']));
    expect(screen.queryByTestId('admin-tab-error')).toBeNull();
    expect(screen.getByTestId('template-create')).toBeTruthy();
  });

  it('trivia questions: the deleted question leaves the list at once', async () => {
    let deleted = false;
    const server = fakeAdminServerWithTrivia(() => deleted);
    renderApp('/admin/group-calls');
    const cards = await screen.findAllByTestId('trivia-question', {}, LOADED);
    expect(cards).toHaveLength(2);
    deleted = true;
    await confirmDelete(server, within(cards[1]!).getByRole('button', { name: 'Удалить вопрос' }), 'TriviaBankDeleteMutation');

    // The list's next read is held back: the question is gone without it.
    await waitFor(() => expect(screen.getAllByTestId('trivia-question')).toHaveLength(1));
    expect(screen.getByText('Первый?')).toBeTruthy();
  });

  it('content: the deleted item leaves the list and the tab stays', async () => {
    let reads = 0;
    const server = adminServer(admin, (name) => {
      if (name === 'AdminContentTabQuery') {
        reads += 1;
        const items =
          reads === 1
            ? [contentItem('Q29udGVudDox', 'Первая'), contentItem('Q29udGVudDoy', 'Вторая')]
            : [contentItem('Q29udGVudDox', 'Первая')];
        return {
          contentItems: {
            totalCount: items.length,
            edges: items.map((node, index) => ({ cursor: `c${index}`, node })),
            pageInfo: { hasNextPage: false, endCursor: null },
          },
          contentCategories: [],
          contentTags: [],
        };
      }
      if (name === 'AdminContentTabDeleteMutation') {
        return { deleteContent: { __typename: 'DeleteContentSuccess', deletedId: 'Q29udGVudDoy' } };
      }
      return undefined;
    });
    renderApp('/admin/content');
    const rows = await screen.findAllByTestId('content-row', {}, LOADED);
    expect(rows).toHaveLength(2);
    await confirmDelete(server, within(rows[1]!).getByTestId('content-delete'), 'AdminContentTabDeleteMutation');

    await waitFor(() => expect(screen.getAllByTestId('content-row')).toHaveLength(1));
    expect(screen.getByText('Первая')).toBeTruthy();
    expect(screen.queryByText('Ошибка загрузки контента')).toBeNull();
  });

  it('users: the deleted account leaves the list, a refused delete keeps it', async () => {
    const users = [member('VXNlcjo1', 'olga'), member('VXNlcjo2', 'petr')];
    const server = adminServer(admin, (name, variables) => {
      if (name === 'UsersTabQuery') {
        return {
          users: {
            totalCount: users.length,
            edges: users.map((node, index) => ({ cursor: `c${index}`, node })),
            pageInfo: { hasNextPage: false, endCursor: 'c1' },
          },
        };
      }
      if (name === 'UsersTabDeleteMutation' && variables.id === 'VXNlcjo1') {
        return { deleteUser: { __typename: 'ForbiddenError', __isError: 'ForbiddenError', message: 'Нельзя удалить себя' } };
      }
      if (name === 'UsersTabDeleteMutation') {
        return { deleteUser: { __typename: 'DeleteUserSuccess', message: 'Удалён', deletedUserId: variables.id } };
      }
      return undefined;
    });
    renderApp('/admin/users');
    const usernames = () => screen.getAllByTestId('admin-user-row').map((row) => row.dataset.username);
    const rows = await screen.findAllByTestId('admin-user-row', {}, LOADED);
    expect(usernames()).toEqual(['olga', 'petr']);

    await confirmDelete(server, within(rows[0]!).getByTestId('admin-user-delete'), 'UsersTabDeleteMutation');
    expect(await screen.findByText('Нельзя удалить себя')).toBeTruthy();
    expect(usernames()).toEqual(['olga', 'petr']);

    await confirmDelete(server, within(rows[1]!).getByTestId('admin-user-delete'), 'UsersTabDeleteMutation');
    await waitFor(() => expect(usernames()).toEqual(['olga']));
    expect(screen.queryByTestId('admin-tab-error')).toBeNull();
  });

  it('subscription groups: the deleted group leaves the list, a refused delete keeps it', async () => {
    const group = (id: string, name: string) => ({
      __typename: 'SubscriptionGroup',
      id,
      name,
      createdAt: '2026-01-02T10:00:00.000Z',
      plan: { __typename: 'SubscriptionPlan', name: 'Pro' },
      members: [],
    });
    const server = adminServer(admin, (name, variables) => {
      if (name === 'SubscribersTabQuery') {
        return {
          subscriptionPlans: [
            {
              __typename: 'SubscriptionPlan',
              planId: 'pro',
              name: 'Pro',
              description: '',
              price: 500,
              maxParticipants: 10,
              storageQuotaMb: 1000,
              features: [],
            },
          ],
          subscriptionGroups: [group('R3JvdXA6MQ==', 'Офис'), group('R3JvdXA6Mg==', 'Школа')],
          adminSubscriptions: [],
        };
      }
      if (name === 'SubscriptionGroupsDeleteMutation' && variables.id === 'R3JvdXA6MQ==') {
        return {
          deleteSubscriptionGroup: { __typename: 'NotFoundError', __isError: 'NotFoundError', message: 'Группа не найдена' },
        };
      }
      if (name === 'SubscriptionGroupsDeleteMutation') {
        return { deleteSubscriptionGroup: { __typename: 'DeleteSubscriptionGroupSuccess', deletedId: variables.id } };
      }
      return undefined;
    });
    renderApp('/admin/subscribers');
    const names = () => screen.getAllByTestId('group-row').map((row) => row.firstElementChild?.textContent);
    const rows = await screen.findAllByTestId('group-row', {}, LOADED);
    expect(names()).toEqual(['Офис', 'Школа']);

    await confirmDelete(server, within(rows[0]!).getByTestId('group-delete-open'), 'SubscriptionGroupsDeleteMutation');
    expect(await screen.findByText('Группа не найдена')).toBeTruthy();
    expect(names()).toEqual(['Офис', 'Школа']);

    await confirmDelete(server, within(rows[1]!).getByTestId('group-delete-open'), 'SubscriptionGroupsDeleteMutation');
    await waitFor(() => expect(names()).toEqual(['Офис']));
    expect(screen.queryByTestId('admin-tab-error')).toBeNull();
  });
});

import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { buildShareText, copyText, isStaffMarkedLine } from '../../client/src/features/profile/share';
import { profileImageProblem } from '../../client/src/features/profile/profileImage';
import { fakeWs } from './fakeWs';
import { dashboardData, fakeGraphQLServer, makeUser, renderApp, storeSession } from './helpers';

// The first render of a lazy page compiles its chunk: on a busy machine that takes more than 1 s.
const PAGE_LOAD = { timeout: 10_000 };

const labels = { profile: 'Профиль', messages: 'Сообщения', calls: 'Видеозвонки' };

describe('sharing a contact', () => {
  it('links the profile, /social and /video-calls and leaves out staff-marked bio lines', () => {
    const text = buildShareText(
      {
        username: 'olga',
        firstName: 'Ольга',
        lastName: 'Морозова',
        status: 'На связи',
        bio: 'Менеджер проектов\nМодератор: проверено\n[admin] внутренняя заметка\n👑 заметка\nЛюблю горы',
      },
      'https://linkup.example',
      labels,
    );
    expect(text).toBe(
      [
        'Ольга Морозова (@olga)',
        'На связи',
        'Менеджер проектов',
        'Люблю горы',
        '',
        'Профиль: https://linkup.example/profile/olga',
        'Сообщения: https://linkup.example/social',
        'Видеозвонки: https://linkup.example/video-calls',
      ].join('\n'),
    );
  });

  it.each([
    ['Администратор платформы LinkUp', true],
    ['Admin: do not share', true],
    ['Modérateur du groupe', true],
    ['Administrative assistant by trade', false],
    ['Люблю администрировать серверы', false],
  ])('treats %j as staff-marked: %s', (line, marked) => {
    expect(isStaffMarkedLine(line)).toBe(marked);
  });

  it('copies with the Clipboard API, else the legacy copy, else reports failure', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    expect(await copyText('a')).toBe(true);
    expect(writeText).toHaveBeenCalledWith('a');

    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText: vi.fn().mockRejectedValue(new Error('denied')) } });
    const execCommand = vi.fn().mockReturnValue(true);
    document.execCommand = execCommand;
    expect(await copyText('b')).toBe(true);
    expect(execCommand).toHaveBeenCalledWith('copy');

    execCommand.mockReturnValue(false);
    expect(await copyText('c')).toBe(false);
  });
});

describe('cover and avatar files', () => {
  it("refuses other types and files over 5 MB with the spec's texts before uploading", () => {
    expect(profileImageProblem({ name: 'a.gif', type: 'image/gif', size: 10 })).toBe('Поддерживаются только файлы JPG и PNG');
    expect(profileImageProblem({ name: 'a.png', type: 'image/png', size: 5_242_881 })).toBe(
      'Размер файла не должен превышать 5MB',
    );
    expect(profileImageProblem({ name: 'a.png', type: 'image/png', size: 5_242_880 })).toBeNull();
    // The name decides when the browser gives no type; the server checks the content anyway.
    expect(profileImageProblem({ name: 'photo.JPEG', type: '', size: 100 })).toBeNull();
  });
});

describe('the dashboard', () => {
  it('shows the live counters and the activity card', async () => {
    const user = makeUser('USER');
    storeSession(user);
    fakeGraphQLServer((call) =>
      call.operationName === 'DashboardPageQuery'
        ? {
            body: {
              data: {
                ...dashboardData(user, { usersTotal: 42, contentTotal: 10, contentPublished: 7, friendships: 5, messages: 99 }),
                viewer: { ...dashboardData(user).viewer, postsCount: 3, friendsCount: 4 },
              },
            },
          }
        : undefined,
    );
    renderApp('/dashboard');
    expect((await screen.findByTestId('stat-users-value', {}, PAGE_LOAD)).textContent).toBe('42');
    expect(screen.getByTestId('stat-content').textContent).toContain('опубликовано: 7');
    expect(screen.getByTestId('stat-friendships-value').textContent).toBe('5');
    expect(screen.getByTestId('stat-messages-value').textContent).toBe('99');
    expect(screen.getByTestId('activity-posts').textContent).toBe('3');
    expect(screen.getByTestId('activity-friends').textContent).toBe('4');
  });
});

/** A friends connection of `friends` as the server answers it. */
function friendsJson(friends: Record<string, unknown>[]) {
  return {
    totalCount: friends.length,
    edges: friends.map((node, index) => ({ cursor: `c${index}`, node: { __typename: 'User', ...node } })),
    pageInfo: { endCursor: friends.length ? `c${friends.length - 1}` : null, hasNextPage: false },
  };
}

/** The viewer (makeUser's) and the profile's member as friend lists show them. */
const listedAnna = {
  __typename: 'User',
  id: 'VXNlcjox-USER',
  username: 'user',
  firstName: 'Анна',
  lastName: 'Смирнова',
  avatarImage: null,
  status: null,
};
const listedSergey = {
  __typename: 'User',
  id: 'VXNlcjo3',
  username: 'sergey',
  firstName: 'Сергей',
  lastName: 'Волков',
  avatarImage: null,
  status: null,
};

function profileJson(overrides: Record<string, unknown> = {}) {
  const empty = friendsJson([]);
  return {
    __typename: 'User',
    id: 'VXNlcjo3',
    databaseId: 7,
    username: 'sergey',
    firstName: 'Сергей',
    lastName: 'Волков',
    email: 'sergey@linkup.ru',
    createdAt: '2024-03-05T10:00:00.000Z',
    avatarImage: null,
    coverImage: null,
    status: null,
    bio: null,
    phone: null,
    phoneVerified: false,
    location: 'Новосибирск',
    website: null,
    birthDate: null,
    postsCount: 0,
    friendsCount: 0,
    followersCount: 1,
    canEdit: false,
    isViewer: false,
    friendshipStatus: 'PENDING_INCOMING',
    publications: empty,
    friends: empty,
    ...overrides,
  };
}

describe('the profile page', () => {
  it('says when nobody has the username, with a way back home', async () => {
    storeSession(makeUser('USER'));
    fakeGraphQLServer((call) =>
      call.operationName === 'ProfilePageQuery' ? { body: { data: { userByUsername: null } } } : undefined,
    );
    renderApp('/profile/ghost');
    expect((await screen.findByTestId('profile-not-found', {}, PAGE_LOAD)).textContent).toContain(
      'Пользователь с именем @ghost не найден',
    );
    expect(screen.getByTestId('back-home').getAttribute('href')).toBe('/dashboard');
  });

  it('shows an incoming request, and the friendship once the other side accepts, live', async () => {
    storeSession(makeUser('USER'));
    let accepted = false;
    const server = fakeGraphQLServer((call) =>
      call.operationName === 'ProfilePageQuery'
        ? {
            body: {
              data: {
                userByUsername: accepted ? profileJson({ friendshipStatus: 'ACCEPTED', friendsCount: 1 }) : profileJson(),
              },
            },
          }
        : call.operationName === 'ProfileFriendsPaginationQuery'
          ? { body: { data: { node: { __typename: 'User', id: 'VXNlcjo3', friends: friendsJson([listedAnna]) } } } }
          : undefined,
    );
    renderApp('/profile/sergey');
    expect(await screen.findByTestId('accept-request', {}, PAGE_LOAD)).toBeTruthy();
    expect(screen.getByTestId('decline-request')).toBeTruthy();
    expect(screen.queryByTestId('edit-profile')).toBeNull();
    expect(screen.queryByTestId('change-avatar')).toBeNull();
    expect(server.calls.find((c) => c.operationName === 'ProfilePageQuery')?.variables).toEqual({ username: 'sergey' });

    await waitFor(() => expect(fakeWs.active('NotificationsListenerSubscription')).toHaveLength(1));
    const [subscription] = fakeWs.active('NotificationsListenerSubscription');
    accepted = true;
    act(() => {
      subscription!.sink.next({
        data: {
          notifications: {
            id: 'n2',
            kind: 'FRIEND_ACCEPTED',
            message: 'server text',
            createdAt: '2025-01-01T00:00:00Z',
            actor: {
              __typename: 'User',
              id: 'VXNlcjo3',
              firstName: 'Сергей',
              lastName: 'Волков',
              friendshipStatus: 'ACCEPTED',
              friendsCount: 1,
            },
          },
        },
      });
    });
    expect((await screen.findByTestId('friendship-state')).textContent).toBe('Друг');
    expect(await screen.findByText('Заявка в друзья принята: Сергей Волков')).toBeTruthy();
    expect(screen.getByTestId('counter-contacts').textContent).toBe('1');
    // Their friend list gained the viewer: that list alone is asked for again, not the whole page.
    await waitFor(() =>
      expect(server.calls.find((c) => c.operationName === 'ProfileFriendsPaginationQuery')?.variables).toMatchObject({
        id: 'VXNlcjo3',
      }),
    );
    expect(server.operations().filter((name) => name === 'ProfilePageQuery')).toHaveLength(1);
    fireEvent.click(screen.getByTestId('tab-friends'));
    expect((await screen.findByTestId('friend-link')).textContent).toContain('Анна Смирнова');
    expect(screen.getByTestId('counter-contacts').textContent).toBe('1');
  });

  it('keeps the accepted request when the notification of it is followed by a slow answer', async () => {
    storeSession(makeUser('USER'));
    // Any second answer about the page waits until the accept is done (a busy server answering late).
    let releaseLateAnswers!: () => void;
    const acceptDone = new Promise<void>((resolve) => (releaseLateAnswers = resolve));
    let pageLoads = 0;
    const server = fakeGraphQLServer((call) => {
      if (call.operationName === 'ProfilePageQuery') {
        const body = { data: { userByUsername: profileJson({ friendshipStatus: pageLoads === 0 ? null : 'PENDING_INCOMING' }) } };
        return pageLoads++ === 0 ? { body } : acceptDone.then(() => ({ body }));
      }
      if (call.operationName === 'ProfileFriendsPaginationQuery') {
        return acceptDone.then(() => ({
          body: { data: { node: { __typename: 'User', id: 'VXNlcjo3', friends: friendsJson([]) } } },
        }));
      }
      if (call.operationName === 'friendshipRespondMutation') {
        return {
          body: {
            data: {
              respondToFriendRequest: {
                __typename: 'FriendshipChange',
                user: { ...listedSergey, friendshipStatus: 'ACCEPTED', friendsCount: 1, isSubscribed: false, followersCount: 1 },
                viewer: { ...listedAnna, friendsCount: 1 },
              },
            },
          },
        };
      }
      return undefined;
    });
    renderApp('/profile/sergey');
    expect(await screen.findByTestId('add-friend', {}, PAGE_LOAD)).toBeTruthy();
    await waitFor(() => expect(fakeWs.active('NotificationsListenerSubscription')).toHaveLength(1));
    const [subscription] = fakeWs.active('NotificationsListenerSubscription');
    act(() => {
      subscription!.sink.next({
        data: {
          notifications: {
            id: 'n1',
            kind: 'FRIEND_REQUEST',
            message: 'server text',
            createdAt: '2025-01-01T00:00:00Z',
            actor: { ...listedSergey, friendshipStatus: 'PENDING_INCOMING', friendsCount: 0 },
          },
        },
      });
    });
    fireEvent.click(await screen.findByTestId('accept-request'));
    expect((await screen.findByTestId('friendship-state')).textContent).toBe('Друг');
    expect(server.operations()).toContain('friendshipRespondMutation');
    releaseLateAnswers();
    // Whatever the page had asked for meanwhile has answered by now: the relation stays accepted.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.getByTestId('friendship-state').textContent).toBe('Друг');
    expect(screen.getByTestId('counter-contacts').textContent).toBe('1');
  });

  it('lets the owner edit: draft, counter, the required names, cancel', async () => {
    const user = makeUser('USER', { username: 'anna' });
    storeSession(user);
    fakeGraphQLServer((call) =>
      call.operationName === 'ProfilePageQuery'
        ? {
            body: {
              data: {
                userByUsername: profileJson({
                  username: 'anna',
                  firstName: 'Анна',
                  canEdit: true,
                  isViewer: true,
                  friendshipStatus: null,
                  bio: 'Привет',
                }),
              },
            },
          }
        : undefined,
    );
    renderApp('/profile/anna');
    expect(await screen.findByTestId('open-settings', {}, PAGE_LOAD)).toBeTruthy();
    expect(screen.queryByTestId('block-user')).toBeNull();
    fireEvent.click(screen.getByTestId('edit-profile'));
    expect(screen.getByTestId('bio-counter').textContent).toBe('6/500');
    fireEvent.change(screen.getByTestId('edit-bio'), { target: { value: 'Новый текст' } });
    expect(screen.getByTestId('bio-counter').textContent).toBe('11/500');
    fireEvent.change(screen.getByTestId('edit-first-name'), { target: { value: '  ' } });
    fireEvent.click(screen.getByTestId('save-profile'));
    expect((await screen.findByTestId('profile-error')).textContent).toBe('Имя и фамилия обязательны для заполнения');
    fireEvent.click(screen.getByTestId('cancel-edit'));
    expect(within(screen.getByTestId('profile-card')).getByTestId('profile-bio').textContent).toBe('Привет');
  });
});

const BLOCKED = {
  edges: [
    {
      cursor: 'b1',
      node: { __typename: 'User', id: 'VXNlcjo5OTk=', fullName: 'Пётр Заблокированный', username: 'petr' },
    },
  ],
  pageInfo: { endCursor: 'b1', hasNextPage: false },
};

/** The settings page's answer for `user`: default privacy choices, the BLOCKED list. */
const settingsPage = (user: ReturnType<typeof makeUser>) => ({
  body: {
    data: {
      viewer: {
        __typename: 'User',
        id: user.id,
        firstName: user.firstName,
        lastName: user.lastName,
        middleName: null,
        username: user.username,
        phone: null,
        phoneVerified: false,
        privacy: { email: 'CONTACTS', phone: 'NOBODY', birthDate: 'CONTACTS' },
      },
      blockedMembers: BLOCKED,
    },
  },
});

describe('privacy', () => {
  it('leaves out the personal fields the owner hides from this viewer', async () => {
    storeSession(makeUser('USER'));
    fakeGraphQLServer((call) =>
      call.operationName === 'ProfilePageQuery'
        ? { body: { data: { userByUsername: profileJson({ email: null, phone: null, birthDate: null }) } } }
        : undefined,
    );
    renderApp('/profile/sergey');
    const card = await screen.findByTestId('profile-card', {}, PAGE_LOAD);
    expect(within(card).getByTestId('profile-location').textContent).toBe('Новосибирск');
    for (const row of ['profile-email', 'profile-phone', 'profile-birth-date'])
      expect(within(card).queryByTestId(row)).toBeNull();
    expect(screen.queryByTestId('profile-header-email')).toBeNull();
  });

  it('saves who sees the email, phone and birth date in the settings’ privacy section', async () => {
    const user = makeUser('USER');
    storeSession(user);
    const server = fakeGraphQLServer((call) => {
      if (call.operationName === 'ProfileSettingsPageQuery') return settingsPage(user);
      if (call.operationName === 'PrivacySettingsFormMutation') {
        return {
          body: {
            data: {
              updatePrivacySettings: {
                __typename: 'ProfileChange',
                user: { __typename: 'User', id: user.id, privacy: call.variables.input },
              },
            },
          },
        };
      }
      return undefined;
    });
    renderApp('/profile-settings');
    fireEvent.click(await screen.findByTestId('settings-tab-privacy', {}, PAGE_LOAD));
    const email = (await screen.findByTestId('privacy-email')) as HTMLSelectElement;
    expect(email.value).toBe('CONTACTS');
    expect((screen.getByTestId('privacy-phone') as HTMLSelectElement).value).toBe('NOBODY');
    fireEvent.change(email, { target: { value: 'EVERYONE' } });
    fireEvent.change(screen.getByTestId('privacy-birthDate'), { target: { value: 'NOBODY' } });
    fireEvent.click(screen.getByTestId('privacy-save'));
    expect((await screen.findByTestId('settings-notice-success')).textContent).toBe('Настройки приватности сохранены');
    expect(server.calls.find((call) => call.operationName === 'PrivacySettingsFormMutation')?.variables).toEqual({
      input: { email: 'EVERYONE', phone: 'NOBODY', birthDate: 'NOBODY' },
    });
  });

  it('lists the members the viewer blocked and unblocks one', async () => {
    const user = makeUser('USER');
    storeSession(user);
    const server = fakeGraphQLServer((call) => {
      if (call.operationName === 'ProfileSettingsPageQuery') return settingsPage(user);
      if (call.operationName === 'BlockedMembersListUnblockMutation') {
        return {
          body: {
            data: {
              unblockUser: {
                __typename: 'FriendshipChange',
                user: { __typename: 'User', id: call.variables.userId, friendshipStatus: null },
              },
            },
          },
        };
      }
      return undefined;
    });
    renderApp('/profile-settings');
    fireEvent.click(await screen.findByTestId('settings-tab-privacy', {}, PAGE_LOAD));
    const row = await screen.findByTestId('blocked-member');
    expect(row.textContent).toContain('Пётр Заблокированный');
    fireEvent.click(within(row).getByTestId('unblock-member'));
    expect(await screen.findByText('Вы никого не заблокировали')).toBeTruthy();
    expect(server.calls.find((call) => call.operationName === 'BlockedMembersListUnblockMutation')?.variables).toMatchObject({
      userId: 'VXNlcjo5OTk=',
    });
  });
});

import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeWs } from './fakeWs';
import { fakeGraphQLServer, makeUser, renderApp, storeSession } from './helpers';

const PAGE_LOAD = { timeout: 20_000 };

/** The admin support tab (issue 14, point 5): the inbox, its badges, viewing marks read, replying. */
const message = {
  __typename: 'SupportMessage',
  id: 'U3VwcG9ydE1lc3NhZ2U6Nw==',
  subject: 'Не работает звонок',
  content: 'Камера не включается.',
  preview: 'Камера не включается.',
  isRead: false,
  createdAt: '2026-11-23T10:00:00.000Z',
  user: { id: 'VXNlcjo5', firstName: 'Мария', lastName: 'Соколова', email: 'maria@example.ru' },
  replies: [],
};

const reply = {
  databaseId: 3,
  content: 'Обновите браузер.',
  createdAt: '2026-11-23T11:00:00.000Z',
  author: { id: 'VXNlcjox', firstName: 'Админ', lastName: 'Главный' },
};

function supportServer() {
  storeSession(makeUser('ADMIN'));
  return fakeGraphQLServer((call) => {
    if (call.operationName === 'SupportBadgeQuery') return { body: { data: { supportUnreadCount: 2 } } };
    if (call.operationName === 'SupportTabQuery') {
      return {
        body: {
          data: {
            supportUnreadCount: 2,
            supportMessages: {
              edges: [{ cursor: 'c1', node: message }],
              pageInfo: { hasNextPage: false, endCursor: 'c1' },
            },
          },
        },
      };
    }
    if (call.operationName === 'SupportTabMarkReadMutation') {
      return {
        body: {
          data: {
            markSupportMessageRead: {
              __typename: 'MarkSupportMessageReadSuccess',
              unreadCount: 1,
              supportMessage: { id: message.id, isRead: true },
            },
          },
        },
      };
    }
    if (call.operationName === 'SupportTabReplyMutation') {
      return {
        body: {
          data: {
            replyToSupportMessage: {
              __typename: 'ReplyToSupportMessageSuccess',
              unreadCount: 1,
              supportMessage: { ...message, isRead: true, replies: [reply] },
            },
          },
        },
      };
    }
    return undefined;
  });
}

describe('/admin/support', () => {
  // The first render loads every chunk of the admin page: slow on a busy machine.
  it('shows the new count, marks a message read when viewed and shows the reply sent', { timeout: 60_000 }, async () => {
    const server = supportServer();
    renderApp('/admin/support');
    const row = await screen.findByTestId('support-inbox-row', {}, PAGE_LOAD);
    expect(within(row).getByTestId('support-inbox-preview').textContent).toBe('Камера не включается.');
    expect(within(row).getByTestId('support-inbox-new')).toBeTruthy();
    expect(screen.getByTestId('support-new-count').textContent).toBe('Новых: 2');
    expect((await screen.findByTestId('admin-support-badge', {}, PAGE_LOAD)).textContent).toBe('2');

    fireEvent.click(within(row).getByTestId('support-view'));
    const dialog = await screen.findByTestId('support-dialog', {}, PAGE_LOAD);
    await waitFor(() => expect(screen.getByTestId('support-new-count').textContent).toBe('Новых: 1'), PAGE_LOAD);
    expect(screen.getByTestId('admin-support-badge').textContent).toBe('1');
    expect(within(row).queryByTestId('support-inbox-new')).toBeNull();
    expect(server.calls.find((call) => call.operationName === 'SupportTabMarkReadMutation')?.variables).toEqual({
      id: message.id,
    });

    // An empty reply is not sent.
    fireEvent.click(within(dialog).getByTestId('support-reply-send'));
    expect((await within(dialog).findByTestId('support-reply-error', {}, PAGE_LOAD)).textContent).toContain(
      'Введите текст ответа',
    );
    expect(server.operations()).not.toContain('SupportTabReplyMutation');

    fireEvent.change(within(dialog).getByTestId('support-reply-text'), { target: { value: 'Обновите браузер.' } });
    fireEvent.click(within(dialog).getByTestId('support-reply-send'));
    expect((await within(dialog).findByTestId('support-dialog-reply', {}, PAGE_LOAD)).textContent).toContain('Обновите браузер.');
    expect(server.calls.find((call) => call.operationName === 'SupportTabReplyMutation')?.variables).toEqual({
      input: { messageId: message.id, reply: 'Обновите браузер.' },
    });
  });
});

/** A member's own message as `/support` reads it. */
const mine = {
  __typename: 'SupportMessage',
  id: 'U3VwcG9ydE1lc3NhZ2U6Nw==',
  subject: 'Не работает звонок',
  content: 'Камера не включается.',
  isRead: false,
  createdAt: '2026-11-23T10:00:00.000Z',
  replies: [] as Record<string, unknown>[],
};
const answered = {
  ...mine,
  isRead: true,
  replies: [{ databaseId: 3, content: 'Обновите браузер.', createdAt: '2026-11-23T11:00:00.000Z' }],
};
const sent = {
  __typename: 'SupportMessage',
  id: 'U3VwcG9ydE1lc3NhZ2U6OA==',
  subject: 'Ещё вопрос',
  content: 'Как пригласить коллег?',
  isRead: false,
  createdAt: '2026-11-23T11:00:05.000Z',
  replies: [],
};

function supportPageData(messages: Record<string, unknown>[]) {
  return {
    mySubscription: { plan: { name: 'Бесплатный', features: [] } },
    mySupportMessages: {
      edges: messages.map((node, index) => ({ cursor: `c${index}`, node })),
      pageInfo: { endCursor: messages.length ? `c${messages.length - 1}` : null, hasNextPage: false },
    },
  };
}

describe('/support', () => {
  it('keeps a message sent while the reply notification’s load is slow, and shows the reply under its message', async () => {
    storeSession(makeUser('USER'));
    // Whatever the page asks after the notification is read now (the reply stored, the new message not
    // yet) and answered only once the message is sent: a busy server answering late.
    let releaseLateAnswers!: () => void;
    const sendDone = new Promise<void>((resolve) => (releaseLateAnswers = resolve));
    let pageLoads = 0;
    let lateReads = 0;
    const server = fakeGraphQLServer((call) => {
      if (call.operationName === 'SupportPageQuery') {
        if (pageLoads++ === 0) return { body: { data: supportPageData([mine]) } };
        lateReads++;
        return sendDone.then(() => ({ body: { data: supportPageData([answered]) } }));
      }
      if (call.operationName === 'SupportPageMessageRefetchQuery') {
        lateReads++;
        return sendDone.then(() => ({ body: { data: { node: call.variables.id === mine.id ? answered : null } } }));
      }
      if (call.operationName === 'SupportPageSendMutation') {
        return {
          body: { data: { sendSupportMessage: { __typename: 'SendSupportMessageSuccess', supportMessage: sent } } },
        };
      }
      return undefined;
    });
    renderApp('/support');
    expect((await screen.findByTestId('support-message', {}, PAGE_LOAD)).textContent).toContain('Не работает звонок');
    await waitFor(() => expect(fakeWs.active('NotificationsListenerSubscription')).toHaveLength(1));
    const [subscription] = fakeWs.active('NotificationsListenerSubscription');
    act(() => {
      subscription!.sink.next({
        data: {
          notifications: {
            id: 'n1',
            kind: 'SUPPORT_REPLY',
            message: 'Поддержка ответила на ваше обращение «Не работает звонок»',
            createdAt: '2026-11-23T11:00:00.000Z',
            actor: null,
            supportMessage: { id: mine.id },
          },
        },
      });
    });
    await waitFor(() => expect(lateReads).toBe(1));

    fireEvent.change(screen.getByTestId('support-subject'), { target: { value: sent.subject } });
    fireEvent.change(screen.getByTestId('support-text'), { target: { value: sent.content } });
    fireEvent.click(screen.getByTestId('support-send'));
    await waitFor(() => expect(screen.getAllByTestId('support-message')).toHaveLength(2));
    expect(server.calls.find((c) => c.operationName === 'SupportPageSendMutation')?.variables).toMatchObject({
      input: { subject: sent.subject, message: sent.content },
    });
    releaseLateAnswers();
    // The late answer has arrived by now: the message just sent is still listed, on top.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    const cards = screen.getAllByTestId('support-message');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual([sent.subject, mine.subject]);
    // And the reply shows under the message it answers (that message alone was loaded again).
    expect(within(cards[1]!).getByTestId('support-reply').textContent).toContain('Обновите браузер.');
    expect(within(cards[1]!).getByTestId('support-message-status').textContent).toBe('Есть ответ');
    expect(within(cards[0]!).queryByTestId('support-reply')).toBeNull();
    expect(server.calls.find((c) => c.operationName === 'SupportPageMessageRefetchQuery')?.variables).toEqual({ id: mine.id });
    expect(server.operations().filter((name) => name === 'SupportPageQuery')).toHaveLength(1);
  });

  it('lists a replied message written elsewhere on top, not an older one, and loads a message again for a reply during its load', async () => {
    storeSession(makeUser('USER'));
    // Written in another tab since the page loaded; and one older than the 50 the page lists.
    const elsewhere = { ...sent, isRead: true };
    const old = { ...mine, id: 'U3VwcG9ydE1lc3NhZ2U6Mg==', subject: 'Старый вопрос', createdAt: '2026-01-01T00:00:00.000Z' };
    const replyOf = (databaseId: number, content: string) => ({ databaseId, content, createdAt: '2026-11-23T12:00:00.000Z' });
    let releaseFirstLoad!: () => void;
    const firstLoadHeld = new Promise<void>((resolve) => (releaseFirstLoad = resolve));
    const loads: string[] = [];
    const server = fakeGraphQLServer((call) => {
      if (call.operationName === 'SupportPageQuery') return { body: { data: supportPageData([mine]) } };
      if (call.operationName === 'SupportPageMessageRefetchQuery') {
        const id = call.variables.id as string;
        loads.push(id);
        if (id === old.id) return { body: { data: { node: { ...old, replies: [replyOf(5, 'Про старое.')] } } } };
        // The first load was read before the second reply; the next one after it.
        if (loads.length === 1) {
          return firstLoadHeld.then(() => ({
            body: { data: { node: { ...elsewhere, replies: [replyOf(6, 'Первый ответ.')] } } },
          }));
        }
        const replies = [replyOf(6, 'Первый ответ.'), replyOf(7, 'Второй ответ.')];
        return { body: { data: { node: { ...elsewhere, replies } } } };
      }
      return undefined;
    });
    renderApp('/support');
    expect((await screen.findByTestId('support-message', {}, PAGE_LOAD)).textContent).toContain('Не работает звонок');
    await waitFor(() => expect(fakeWs.active('NotificationsListenerSubscription')).toHaveLength(1));
    const [subscription] = fakeWs.active('NotificationsListenerSubscription');
    const notify = (id: string, supportMessageId: string) =>
      act(() => {
        subscription!.sink.next({
          data: {
            notifications: {
              id,
              kind: 'SUPPORT_REPLY',
              message: 'Поддержка ответила на ваше обращение',
              createdAt: '2026-11-23T12:00:00.000Z',
              actor: null,
              supportMessage: { id: supportMessageId },
            },
          },
        });
      });

    notify('n1', elsewhere.id);
    await waitFor(() => expect(loads).toEqual([elsewhere.id]));
    // The second reply comes while the message is loading: no second load alongside the first...
    notify('n2', elsewhere.id);
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(loads).toEqual([elsewhere.id]);
    // ...but one more once it has answered, which brings that second reply.
    releaseFirstLoad();
    await waitFor(() => expect(loads).toEqual([elsewhere.id, elsewhere.id]));
    await waitFor(() => expect(screen.getAllByTestId('support-reply')).toHaveLength(2));
    let cards = screen.getAllByTestId('support-message');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual([elsewhere.subject, mine.subject]);
    expect(
      within(cards[0]!)
        .getAllByTestId('support-reply')
        .map((reply) => reply.textContent),
    ).toEqual([expect.stringContaining('Первый ответ.'), expect.stringContaining('Второй ответ.')]);

    // A reply to a message older than those listed: loaded, but the list does not take it in.
    notify('n3', old.id);
    await waitFor(() => expect(loads).toEqual([elsewhere.id, elsewhere.id, old.id]));
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    cards = screen.getAllByTestId('support-message');
    expect(cards.map((card) => within(card).getByRole('heading').textContent)).toEqual([elsewhere.subject, mine.subject]);
    expect(server.operations().filter((name) => name === 'SupportPageQuery')).toHaveLength(1);
  });
});

import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import { registerAndLogin } from '../support/members';
import { imageFile } from './mediaFixtures';

/**
 * Issue 21 point 4, the files section: `myFiles` lists the files a member shared (message
 * attachments, publication media...) with where each was shared, newest first, in keyset pages;
 * `deleteMyFile` removes one of one's own files from its place and from storage.
 */
let app: TestApp;
let statements: string[] = [];

const FILES = `query ($first: Int, $after: String) {
  myFiles(first: $first, after: $after) {
    edges { node { id name kind mimeType size url place { kind title recipientId } } }
    pageInfo { hasNextPage endCursor }
  }
}`;
const DELETE = `mutation ($id: ID!) {
  deleteMyFile(id: $id) { __typename ... on DeleteMyFileSuccess { deletedId } ... on Error { message } }
}`;

const myFiles = async (token: string, variables: Record<string, unknown> = {}) => {
  const result = await app.graphql(FILES, variables, { token });
  expect(result.errors).toBeUndefined();
  return (result.data as any).myFiles as {
    edges: { node: any }[];
    pageInfo: { hasNextPage: boolean; endCursor: string | null };
  };
};

const sendWithFiles = (token: string, receiverId: number, files: File[]) => {
  const form = new FormData();
  form.set('receiver_id', String(receiverId));
  form.set('content', 'Смотри файлы');
  for (const file of files) form.append('files', file);
  return app.request('POST', '/messages', { token, body: form });
};

const publishWithImage = async (token: string, content: string) => {
  const form = new FormData();
  form.set('content', content);
  form.append('files', await imageFile('sea.png'));
  return app.request('POST', '/publications/', { token, body: form });
};

beforeAll(async () => {
  app = await createTestApp({}, { onQuery: (sql) => statements.push(sql) });
});
afterAll(() => app?.dispose());

describe('the files section', () => {
  it('lists what a member shared, newest first, with where; nobody else’s files; keyset pages', async () => {
    const anna = await registerAndLogin(app);
    const boris = await registerAndLogin(app);
    expect(
      (await sendWithFiles(anna.token, boris.user.id, [new File(['заметка\n'], 'notes.txt', { type: 'text/plain' })])).status,
    ).toBe(201);
    expect((await publishWithImage(anna.token, 'Вечер у моря')).status).toBe(201);
    // Boris's own file is his, not Anna's.
    expect(
      (await sendWithFiles(boris.token, anna.user.id, [new File(['ответ\n'], 'answer.txt', { type: 'text/plain' })])).status,
    ).toBe(201);

    const page = await myFiles(anna.token);
    expect(page.edges.map(({ node }) => ({ name: node.name, kind: node.kind, place: node.place }))).toEqual([
      { name: 'sea.png', kind: 'PUBLICATION', place: { kind: 'PUBLICATION', title: 'Вечер у моря', recipientId: null } },
      {
        name: 'notes.txt',
        kind: 'ATTACHMENT',
        place: {
          kind: 'CONVERSATION',
          title: `${boris.user.first_name} ${boris.user.last_name}`,
          recipientId: expect.any(String),
        },
      },
    ]);
    expect(page.edges[1]!.node).toMatchObject({ mimeType: 'text/plain; charset=utf-8', size: 15 });
    expect(page.edges[1]!.node.url).toMatch(/^\/messages\/attachments\//);
    expect((await myFiles(boris.token)).edges.map(({ node }) => node.name)).toEqual(['answer.txt']);

    // Pages of one: the same files, in the same order.
    const first = await myFiles(anna.token, { first: 1 });
    expect(first.pageInfo.hasNextPage).toBe(true);
    const second = await myFiles(anna.token, { first: 1, after: first.pageInfo.endCursor });
    // A page's SQL statements depend on the kinds it holds, never on how many files of each.
    statements = [];
    await myFiles(anna.token, { first: 30 });
    const pageCost = statements.length;
    await sendWithFiles(anna.token, boris.user.id, [
      new File(['1\n'], 'one.txt', { type: 'text/plain' }),
      new File(['2\n'], 'two.txt', { type: 'text/plain' }),
    ]);
    await publishWithImage(anna.token, 'Ещё одно фото');
    statements = [];
    expect((await myFiles(anna.token, { first: 30 })).edges).toHaveLength(5);
    expect(statements.length).toBe(pageCost);
    expect([...first.edges, ...second.edges].map(({ node }) => node.name)).toEqual(['sea.png', 'notes.txt']);
  });

  it('deletes one’s own file from where it was shared and from storage; another member’s is not found', async () => {
    const anna = await registerAndLogin(app);
    const boris = await registerAndLogin(app);
    const sent = await (
      await sendWithFiles(anna.token, boris.user.id, [new File(['план\n'], 'plan.txt', { type: 'text/plain' })])
    ).json();
    const [file] = (await myFiles(anna.token)).edges.map(({ node }) => node);

    const refused = await app.graphql(DELETE, { id: file.id }, { token: boris.token });
    expect((refused.data as any).deleteMyFile).toEqual({ __typename: 'NotFoundError', message: 'Файл не найден' });
    expect((await app.request('GET', sent.attachments[0].url)).status).toBe(200);

    const deleted = await app.graphql(DELETE, { id: file.id }, { token: anna.token });
    expect((deleted.data as any).deleteMyFile).toEqual({ __typename: 'DeleteMyFileSuccess', deletedId: file.id });
    expect((await myFiles(anna.token)).edges).toEqual([]);
    // The message keeps its text, without the file; the link no longer serves it.
    const message = await app.services.prisma.message.findFirstOrThrow({
      where: { senderId: anna.user.id },
      include: { attachments: true },
    });
    expect(message).toMatchObject({ content: 'Смотри файлы', attachments: [] });
    expect((await app.request('GET', sent.attachments[0].url)).status).toBe(404);
    expect(await app.services.prisma.mediaFile.count({ where: { filename: { contains: file.name } } })).toBe(0);

    const again = await app.graphql(DELETE, { id: file.id }, { token: anna.token });
    expect((again.data as any).deleteMyFile.__typename).toBe('NotFoundError');
    expect((await app.graphql(FILES, {}, {})).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });
});

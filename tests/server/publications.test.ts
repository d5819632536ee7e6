import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import { registerAndLogin } from '../support/members';
import { graphqlUpload, imageFile, storedMedia } from './mediaFixtures';
import { friendshipPairKey } from '../../server/src/database/keys';

let app: TestApp;
type Member = Awaited<ReturnType<typeof registerAndLogin>>;
let author: Member;
let contact: Member;
let stranger: Member;

async function befriend(a: Member, b: Member) {
  await app.db.prisma.friendship.create({
    data: {
      pairKey: friendshipPairKey(a.user.id, b.user.id),
      requesterId: a.user.id,
      addresseeId: b.user.id,
      status: 'accepted',
    },
  });
}

beforeAll(async () => {
  app = await createTestApp();
  await app.db.prisma.mapProvider.createMany({
    data: [
      { key: 'openstreetmap', name: 'OpenStreetMap', isDefault: true, position: 0 },
      { key: 'google', name: 'Google Maps', position: 1 },
      { key: 'yandex', name: 'Яндекс Карты', position: 2 },
    ],
  });
  author = await registerAndLogin(app, { first_name: 'Анна' });
  contact = await registerAndLogin(app, { first_name: 'Дмитрий' });
  stranger = await registerAndLogin(app, { first_name: 'Олег' });
  await befriend(author, contact);
});
afterAll(() => app?.dispose());

const CREATE = `mutation Create($input: CreatePublicationInput!) {
  createPublication(input: $input) {
    __typename
    ... on Error { message }
    ... on ValidationError { fieldErrors { path message } }
    ... on CreatePublicationSuccess {
      publication {
        id databaseId content
        author { username }
        location { latitude longitude address mapProvider mapUrl }
        media { filename fileType mimeType width height url thumbnailUrl }
      }
    }
  }
}`;

const FEED = `query Feed($first: Int, $after: String) {
  feed(first: $first, after: $after) {
    pageInfo { hasNextPage endCursor }
    edges { node { id databaseId content likesCount viewerHasLiked commentsCount author { username } media { filename } } }
  }
}`;

/** Publishes a text-only publication through GraphQL; returns its global id. */
async function publish(member: Member, content: string): Promise<{ id: string; databaseId: number }> {
  const result = await app.graphql(CREATE, { input: { content } }, { token: member.token });
  expect(result.data?.createPublication.__typename, JSON.stringify(result)).toBe('CreatePublicationSuccess');
  return result.data.createPublication.publication;
}

describe('publishing', () => {
  it('publishes text with two images and a place, and a contact sees it in their feed', async () => {
    const result = await graphqlUpload(
      app,
      CREATE,
      {
        input: {
          content: '  Прогулка по набережной  ',
          location: { latitude: 55.75393, longitude: 37.620795, address: 'Красная площадь, Москва', mapProvider: 'yandex' },
          media: [null, null],
        },
      },
      {
        'input.media.0': await imageFile('first.png'),
        'input.media.1': await imageFile('second.jpg', { format: 'jpeg', width: 300, height: 600 }),
      },
      author.token,
    );
    const publication = result.data?.createPublication.publication;
    expect(result.data?.createPublication.__typename, JSON.stringify(result)).toBe('CreatePublicationSuccess');
    expect(publication.content).toBe('Прогулка по набережной');
    expect(publication.location).toEqual({
      latitude: 55.75393,
      longitude: 37.620795,
      address: 'Красная площадь, Москва',
      mapProvider: 'yandex',
      mapUrl: 'https://yandex.ru/maps/?pt=37.620795,55.75393&z=16&l=map',
    });
    expect(
      publication.media.map((m: { fileType: string; mimeType: string; width: number; height: number }) => [
        m.fileType,
        m.mimeType,
        m.width,
        m.height,
      ]),
    ).toEqual([
      ['IMAGE', 'image/png', 640, 480],
      ['IMAGE', 'image/jpeg', 300, 600],
    ]);
    // Stored under generated names, not the names the browser sent.
    for (const media of publication.media) expect(media.filename).toMatch(/^[0-9a-f-]{36}\.(png|jpg)$/);

    const feed = await app.request('GET', '/publications/feed?limit=50', { token: contact.token });
    expect(feed.status).toBe(200);
    const items = await feed.json();
    const item = items.find((p: { id: number }) => p.id === publication.databaseId);
    expect(item).toMatchObject({
      content: 'Прогулка по набережной',
      username: author.user.username,
      first_name: 'Анна',
      location: { latitude: 55.75393, longitude: 37.620795, address: 'Красная площадь, Москва', map_provider: 'yandex' },
      likes_count: 0,
      is_liked: false,
      comments_count: 0,
    });
    expect(item.media_files.map((m: { filename: string; file_type: string }) => [m.filename, m.file_type])).toEqual(
      publication.media.map((m: { filename: string }) => [m.filename, 'image']),
    );

    // Someone who is not a contact does not get it in their feed.
    const strangerFeed = await app.graphql(FEED, {}, { token: stranger.token });
    expect(strangerFeed.data.feed.edges.map((e: { node: { id: string } }) => e.node.id)).not.toContain(publication.id);

    // The images are served with their detected type.
    const image = await app.request('GET', publication.media[1].url);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/jpeg');
  });

  it("refuses an empty publication with the spec's text and an unknown map service", async () => {
    const empty = await app.graphql(CREATE, { input: { content: '   ' } }, { token: author.token });
    expect(empty.data.createPublication.fieldErrors).toEqual([
      { path: ['content'], message: 'Добавьте текст или загрузите файлы' },
    ]);
    const rest = await app.request('POST', '/publications/', { token: author.token, json: { content: '' } });
    expect(rest.status).toBe(422);
    expect((await rest.json()).detail).toBe('Добавьте текст или загрузите файлы');
    const provider = await app.request('POST', '/publications/', {
      token: author.token,
      json: { content: 'x', location: { latitude: 1, longitude: 2, map_provider: 'bing' } },
    });
    expect(provider.status).toBe(422);
    expect((await provider.json()).detail).toBe('Неизвестный картографический сервис');
    const anonymous = await app.request('POST', '/publications/', { json: { content: 'x' } });
    expect(anonymous.status).toBe(401);
  });

  it('takes a place in a form post and defaults to the default map service', async () => {
    const form = new FormData();
    form.set('content', 'Из формы');
    form.set('location', JSON.stringify({ latitude: 59.9398, longitude: 30.3146, address: 'Эрмитаж' }));
    const response = await app.request('POST', '/publications/', { token: author.token, body: form });
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(body.location).toMatchObject({
      latitude: 59.9398,
      longitude: 30.3146,
      address: 'Эрмитаж',
      map_provider: 'openstreetmap',
    });
    expect(body.location.map_url).toBe('https://www.openstreetmap.org/?mlat=59.9398&mlon=30.3146#map=16/59.9398/30.3146');
  });

  it('creates, uploads and attaches media the way the REST client does (three calls)', async () => {
    const created = await app.request('POST', '/publications/', { token: author.token, json: { content: 'Сначала текст' } });
    const { id } = await created.json();
    const form = new FormData();
    form.append('files', await imageFile('a.png'));
    form.append('files', await imageFile('b.png', { color: '#c53030' }));
    const uploaded = await app.request('POST', '/publications/upload-media', { token: author.token, body: form });
    expect(uploaded.status).toBe(201);
    const { files } = await uploaded.json();
    expect(files).toHaveLength(2);
    const names = files.map((f: { filename: string }) => f.filename);

    // Someone else cannot attach them.
    const foreign = await app.request('PUT', `/publications/${id}/media`, { token: contact.token, json: names });
    expect(foreign.status).toBe(403);
    const attached = await app.request('PUT', `/publications/${id}/media`, { token: author.token, json: names });
    expect(attached.status).toBe(200);
    expect((await attached.json()).media_files.map((m: { filename: string }) => m.filename)).toEqual(names);
    // Once attached, they cannot be attached again elsewhere.
    const other = await (
      await app.request('POST', '/publications/', { token: author.token, json: { content: 'другая' } })
    ).json();
    const again = await app.request('PUT', `/publications/${other.id}/media`, {
      token: author.token,
      json: { filenames: names },
    });
    expect(again.status).toBe(422);
  });
});

describe('likes and comments', () => {
  it('likes and unlikes from two members with the right counts', async () => {
    const { id, databaseId } = await publish(author, 'Нравится?');
    const like = (member: Member) => app.request('POST', `/publications/${databaseId}/like`, { token: member.token });

    expect(await (await like(contact)).json()).toEqual({ action: 'liked', is_liked: true, likes_count: 1 });
    expect(await (await like(author)).json()).toEqual({ action: 'liked', is_liked: true, likes_count: 2 });
    expect(await (await like(contact)).json()).toEqual({ action: 'unliked', is_liked: false, likes_count: 1 });

    // GraphQL sets the state it is given: liking twice is still one like.
    const SET = `mutation($id: ID!, $liked: Boolean) { likePublication(id: $id, liked: $liked) {
      ... on LikePublicationSuccess { liked publication { likesCount viewerHasLiked } } } }`;
    for (let i = 0; i < 2; i++) {
      const set = await app.graphql(SET, { id, liked: true }, { token: stranger.token });
      expect(set.data.likePublication).toEqual({ liked: true, publication: { likesCount: 2, viewerHasLiked: true } });
    }
    const unset = await app.graphql(SET, { id, liked: false }, { token: author.token });
    expect(unset.data.likePublication.publication).toEqual({ likesCount: 1, viewerHasLiked: false });

    const feed = await app.graphql(FEED, {}, { token: contact.token });
    const node = feed.data.feed.edges.find((e: { node: { id: string } }) => e.node.id === id).node;
    expect(node).toMatchObject({ likesCount: 1, viewerHasLiked: false });
  });

  it('adds comments with their author and time, and refuses blank ones', async () => {
    const { id, databaseId } = await publish(author, 'Что думаете?');
    const form = new URLSearchParams({ comment_text: '  Отлично!  ' });
    const response = await app.request('POST', `/publications/${databaseId}/comments`, {
      token: contact.token,
      body: form,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.status).toBe(201);
    const comment = await response.json();
    expect(comment).toMatchObject({ text: 'Отлично!', username: contact.user.username, first_name: 'Дмитрий' });
    expect(Date.parse(comment.created_at)).toBeGreaterThan(Date.now() - 60_000);

    const blank = await app.request('POST', `/publications/${databaseId}/comments`, {
      token: contact.token,
      json: { comment_text: '   ' },
    });
    expect(blank.status).toBe(422);
    expect((await blank.json()).detail).toBe('Введите текст комментария');

    const ADD = `mutation($id: ID!, $text: String!) { addPublicationComment(publicationId: $id, text: $text) {
      __typename ... on AddPublicationCommentSuccess { comment { text author { username } } publication { commentsCount comments { edges { node { text } } } } } } }`;
    const added = await app.graphql(ADD, { id, text: 'Второй' }, { token: author.token });
    expect(added.data.addPublicationComment.publication).toEqual({
      commentsCount: 2,
      comments: { edges: [{ node: { text: 'Отлично!' } }, { node: { text: 'Второй' } }] },
    });
  });
});

describe('editing and deleting', () => {
  const UPDATE = `mutation($id: ID!, $content: String!) { updatePublication(id: $id, content: $content) {
    __typename ... on Error { message } ... on UpdatePublicationSuccess { publication { content updatedAt } } } }`;
  const DELETE = `mutation($id: ID!) { deletePublication(id: $id) { __typename ... on Error { message } ... on DeletePublicationSuccess { deletedId } } }`;

  it('lets only the author edit; another member gets 403 through GraphQL and REST', async () => {
    const { id, databaseId } = await publish(author, 'Черновик');
    const refused = await app.graphql(UPDATE, { id, content: 'Взлом' }, { token: contact.token });
    expect(refused.data.updatePublication).toEqual({
      __typename: 'ForbiddenError',
      message: 'Изменять и удалять публикацию может только её автор',
    });
    const rest = await app.request('PUT', `/publications/${databaseId}`, { token: contact.token, json: { content: 'Взлом' } });
    expect(rest.status).toBe(403);

    const before = await app.db.prisma.publication.findUniqueOrThrow({ where: { id: databaseId } });
    const unchanged = await app.graphql(UPDATE, { id, content: 'Черновик' }, { token: author.token });
    // The same text is not written again.
    expect(unchanged.data.updatePublication.publication.updatedAt).toBe(before.updatedAt.toISOString());
    const form = new FormData();
    form.set('content', 'Исправлено');
    const edited = await app.request('PUT', `/publications/${databaseId}`, { token: author.token, body: form });
    expect(edited.status).toBe(200);
    expect((await edited.json()).content).toBe('Исправлено');
  });

  it('lets only the author delete; the media files go with it', async () => {
    const created = await graphqlUpload(
      app,
      CREATE,
      { input: { content: 'Удалю', media: [null] } },
      { 'input.media.0': await imageFile('x.png') },
      author.token,
    );
    const { id, databaseId, media } = created.data.createPublication.publication;
    const filename = media[0].filename as string;
    expect(storedMedia(app)).toContain(filename);

    const refused = await app.graphql(DELETE, { id }, { token: contact.token });
    expect(refused.data.deletePublication.__typename).toBe('ForbiddenError');
    const rest = await app.request('DELETE', `/publications/${databaseId}`, { token: stranger.token });
    expect(rest.status).toBe(403);
    expect(await app.db.prisma.publication.count({ where: { id: databaseId } })).toBe(1);

    const deleted = await app.request('DELETE', `/publications/${databaseId}`, { token: author.token });
    expect(await deleted.json()).toEqual({ success: true, id: databaseId });
    expect(await app.db.prisma.publication.count({ where: { id: databaseId } })).toBe(0);
    expect(storedMedia(app).filter((name) => name.startsWith(filename.slice(0, 36)))).toEqual([]);
    const gone = await app.request('DELETE', `/publications/${databaseId}`, { token: author.token });
    expect(gone.status).toBe(404);
  });
});

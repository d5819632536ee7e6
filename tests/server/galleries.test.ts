import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import { registerAndLogin } from '../support/members';
import { graphqlUpload, imageFile, storedMedia, videoFile } from './mediaFixtures';

let app: TestApp;
let owner: Awaited<ReturnType<typeof registerAndLogin>>;
let other: Awaited<ReturnType<typeof registerAndLogin>>;

beforeAll(async () => {
  app = await createTestApp();
  owner = await registerAndLogin(app);
  other = await registerAndLogin(app);
});
afterAll(() => app?.dispose());

const GALLERY = `query Gallery($kind: GalleryKind!, $first: Int, $after: String) {
  gallery(kind: $kind, first: $first, after: $after) {
    pageInfo { hasNextPage endCursor }
    edges { node { id source kind title url thumbnailUrl uploadDate durationSeconds publicationDatabaseId } }
  }
}`;

const CREATE = `mutation Create($input: CreatePublicationInput!) {
  createPublication(input: $input) { __typename ... on CreatePublicationSuccess { publication { databaseId } } }
}`;

async function galleryTitles(kind: 'PHOTO' | 'VIDEO', token: string, headers?: Record<string, string>) {
  const result = await app.graphql(GALLERY, { kind, first: 100 }, { token, headers });
  expect(result.errors).toBeUndefined();
  return result.data.gallery.edges.map((edge: { node: { title: string } }) => edge.node.title);
}

describe('photo and video galleries', () => {
  it('uploads several photos at once; a photo without a title is untitled', async () => {
    const form = new FormData();
    form.append('photo', await imageFile('one.png'));
    form.append('photo', await imageFile('two.jpg', { format: 'jpeg' }));
    form.set('title', '   ');
    const response = await app.request('POST', '/media/upload', { token: owner.token, body: form });
    expect(response.status).toBe(201);
    const body = await response.json();
    expect(body).toMatchObject({ success: true, count: 2 });
    expect(body.items.map((item: { title: string }) => item.title)).toEqual(['Без названия', 'Без названия']);
    for (const item of body.items) {
      expect(item.url).toMatch(/^\/publications\/media\/[0-9a-f-]{36}\.(png|jpg)$/);
      expect((await app.request('GET', item.thumbnail)).headers.get('content-type')).toBe('image/jpeg');
    }

    const titled = new FormData();
    titled.set('photo', await imageFile('sea.png'));
    titled.set('title', 'Море');
    expect((await (await app.request('POST', '/media/upload', { token: owner.token, body: titled })).json()).items[0].title).toBe(
      'Море',
    );
    expect(await galleryTitles('PHOTO', owner.token, { 'accept-language': 'en' })).toEqual(['Море', 'Untitled', 'Untitled']);
  });

  const text = 'Закат над Волгой, вид с набережной в Нижнем Новгороде';

  it("fills the galleries with the member's publication media too, titled by the start of the text", async () => {
    const created = await graphqlUpload(
      app,
      CREATE,
      { input: { content: text, media: [null, null] } },
      { 'input.media.0': await imageFile('sunset.png', { color: '#dd6b20' }), 'input.media.1': videoFile('waves.mp4', 'blue') },
      owner.token,
    );
    const publicationId = created.data.createPublication.publication.databaseId;
    const untitled = await graphqlUpload(
      app,
      CREATE,
      { input: { content: '', media: [null] } },
      { 'input.media.0': await imageFile('plain.png') },
      owner.token,
    );
    expect(untitled.data.createPublication.__typename).toBe('CreatePublicationSuccess');

    expect(await galleryTitles('PHOTO', owner.token)).toEqual([
      'Без названия',
      text.slice(0, 30).trim(),
      'Море',
      'Без названия',
      'Без названия',
    ]);
    const videos = await app.graphql(GALLERY, { kind: 'VIDEO' }, { token: owner.token });
    expect(videos.data.gallery.edges).toHaveLength(1);
    const video = videos.data.gallery.edges[0].node;
    expect(video).toMatchObject({
      source: 'PUBLICATION',
      kind: 'VIDEO',
      title: text.slice(0, 30).trim(),
      publicationDatabaseId: publicationId,
    });
    expect(video.durationSeconds).toBeCloseTo(2, 0);
    expect((await app.request('GET', video.thumbnailUrl)).headers.get('content-type')).toBe('image/jpeg');

    // Each member sees their own galleries only.
    expect(await galleryTitles('PHOTO', other.token)).toEqual([]);
  });

  it('pages through both sources by cursor, newest first, without gaps or repeats', async () => {
    const all = await app.graphql(GALLERY, { kind: 'PHOTO', first: 100 }, { token: owner.token });
    const expected = all.data.gallery.edges.map((edge: { node: { id: string } }) => edge.node.id);
    const seen: string[] = [];
    let after: string | null = null;
    for (;;) {
      const page: any = await app.graphql(GALLERY, { kind: 'PHOTO', first: 2, after }, { token: owner.token });
      seen.push(...page.data.gallery.edges.map((edge: { node: { id: string } }) => edge.node.id));
      if (!page.data.gallery.pageInfo.hasNextPage) break;
      after = page.data.gallery.pageInfo.endCursor;
    }
    expect(seen).toEqual(expected);
    const dates = all.data.gallery.edges.map((edge: { node: { uploadDate: string } }) => Date.parse(edge.node.uploadDate));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
  });

  it('uploads videos to the video gallery (videos only) and deletes only its own uploads', async () => {
    const UPLOAD = `mutation($kind: GalleryKind!, $files: [File!]!, $title: String) { uploadGalleryMedia(kind: $kind, files: $files, title: $title) {
      __typename ... on Error { message } ... on UploadGalleryMediaSuccess { items { id title durationSeconds source } } } }`;
    const image = await graphqlUpload(
      app,
      UPLOAD,
      { kind: 'VIDEO', files: [null] },
      { 'files.0': await imageFile('still.png') },
      owner.token,
    );
    expect(image.data.uploadGalleryMedia).toEqual({
      __typename: 'UnsupportedFileTypeError',
      message: 'Файл still.png не является видео',
    });

    const uploaded = await graphqlUpload(
      app,
      UPLOAD,
      { kind: 'VIDEO', files: [null], title: 'Клип' },
      { 'files.0': videoFile('clip.mp4', 'green') },
      owner.token,
    );
    const [item] = uploaded.data.uploadGalleryMedia.items;
    expect(item).toMatchObject({ title: 'Клип', source: 'UPLOAD' });
    expect(item.durationSeconds).toBeCloseTo(2, 0);
    const files = storedMedia(app);

    const DELETE = `mutation($id: ID!) { deleteGalleryItem(id: $id) { __typename ... on DeleteGalleryItemSuccess { deletedId } } }`;
    expect((await app.graphql(DELETE, { id: item.id }, { token: other.token })).data.deleteGalleryItem.__typename).toBe(
      'ForbiddenError',
    );
    expect((await app.graphql(DELETE, { id: item.id }, { token: owner.token })).data.deleteGalleryItem).toEqual({
      __typename: 'DeleteGalleryItemSuccess',
      deletedId: item.id,
    });
    expect(storedMedia(app).length).toBe(files.length - 2); // the video and its thumbnail
    expect(await galleryTitles('VIDEO', owner.token)).toEqual([text.slice(0, 30).trim()]);
  });
});

describe('places', () => {
  it('lists the map providers with openstreetmap as the default', async () => {
    await app.db.prisma.mapProvider.createMany({
      data: [
        { key: 'openstreetmap', name: 'OpenStreetMap', description: 'Открытая карта мира', isDefault: true, position: 0 },
        { key: 'google', name: 'Google Maps', position: 1 },
        { key: 'yandex', name: 'Яндекс Карты', position: 2 },
      ],
    });
    const response = await app.request('GET', '/publications/map-providers', { token: owner.token });
    expect(await response.json()).toEqual([
      { id: 'openstreetmap', name: 'OpenStreetMap', description: 'Открытая карта мира', is_default: true },
      { id: 'google', name: 'Google Maps', description: null, is_default: false },
      { id: 'yandex', name: 'Яндекс Карты', description: null, is_default: false },
    ]);
  });

  it('adds reviews to a place (rating 1 to 5, 5 by default) and lists those of that place', async () => {
    const add = (token: string, body: Record<string, string>) =>
      app.request('POST', '/publications/location-reviews', {
        token,
        body: new URLSearchParams(body),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
    const first = await add(owner.token, { latitude: '55.75393', longitude: '37.620795', review_text: 'Красиво' });
    expect(first.status).toBe(201);
    expect(await first.json()).toMatchObject({ rating: 5, review_text: 'Красиво', username: owner.user.username });
    expect(
      (await add(other.token, { latitude: '55.75394', longitude: '37.6208', rating: '3', review_text: 'Людно' })).status,
    ).toBe(201);
    // Elsewhere: not a review of this place.
    expect((await add(other.token, { latitude: '59.9398', longitude: '30.3146', rating: '4' })).status).toBe(201);

    for (const rating of ['0', '6', '4.5', 'пять']) {
      const refused = await add(owner.token, { latitude: '55.75393', longitude: '37.620795', rating });
      expect(refused.status, rating).toBe(422);
      expect((await refused.json()).detail).toBe('Оценка должна быть от 1 до 5');
    }
    const badPlace = await add(owner.token, { latitude: '91', longitude: '0' });
    expect((await badPlace.json()).detail).toBe('Широта должна быть числом от -90 до 90');

    const listed = await app.request('GET', '/publications/location-reviews?latitude=55.75393&longitude=37.620795', {
      token: other.token,
    });
    const reviews = await listed.json();
    expect(reviews.map((r: { rating: number; review_text: string }) => [r.rating, r.review_text])).toEqual([
      [3, 'Людно'],
      [5, 'Красиво'],
    ]);
    expect(reviews[0]).toMatchObject({ username: other.user.username, user_avatar: null });
  });
});

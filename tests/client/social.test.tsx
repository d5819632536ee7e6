import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { fakeGraphQLServer, makeUser, renderApp, storeSession, type GraphQLCall } from './helpers';

const viewer = makeUser('USER', { firstName: 'Анна', lastName: 'Иванова', username: 'anna' });

type PublicationFields = { id: string; content: string; viewerIsAuthor?: boolean; likesCount?: number; viewerHasLiked?: boolean };

/** A feed item as the server answers it (every field the feed's fragments select). */
function publicationJson({ id, content, viewerIsAuthor = false, likesCount = 0, viewerHasLiked = false }: PublicationFields) {
  return {
    __typename: 'Publication',
    id,
    content,
    mentions: [],
    hashtags: [],
    // Already missing on main (PublicationReactions reads it): the feed tests failed without it.
    reactions: [],
    createdAt: '2025-03-05T10:15:00.000Z',
    viewerIsAuthor,
    // The author may delete; moderators of a community too (not in these feeds).
    viewerMayDelete: viewerIsAuthor,
    community: null,
    likesCount,
    viewerHasLiked,
    commentsCount: 0,
    author: {
      __typename: 'User',
      id: `author-${id}`,
      username: 'dmitry',
      firstName: 'Дмитрий',
      lastName: 'Петров',
      avatarImage: null,
    },
    location: null,
    media: [],
    comments: { edges: [], pageInfo: { hasNextPage: false, endCursor: null } },
  };
}

function panelAnswer(publications: PublicationFields[]) {
  return {
    body: {
      data: {
        viewer: {
          __typename: 'User',
          id: viewer.id,
          firstName: 'Анна',
          lastName: 'Иванова',
          username: 'anna',
          email: 'anna@linkup.test',
          avatarImage: null,
          createdAt: '2024-03-05T10:00:00.000Z',
          lastLogin: null,
          postsCount: 1,
          friendsCount: 2,
        },
        mapProviders: [
          { key: 'openstreetmap', name: 'OpenStreetMap', description: 'Открытая карта мира', isDefault: true },
          { key: 'yandex', name: 'Яндекс Карты', description: null, isDefault: false },
        ],
        mapConfig: { tileUrlTemplate: '/tiles/{z}/{x}/{y}.png', tileAttribution: '© OpenStreetMap', addressSearch: true },
        feed: {
          edges: publications.map((p) => ({ cursor: `c-${p.id}`, node: publicationJson(p) })),
          pageInfo: { hasNextPage: false, endCursor: null },
        },
      },
    },
  };
}

type Answer = ReturnType<Parameters<typeof fakeGraphQLServer>[0]>;

function openSocial(publications: PublicationFields[], answer: (call: GraphQLCall) => Answer = () => undefined) {
  storeSession(viewer);
  const server = fakeGraphQLServer((call) =>
    call.operationName === 'PublicationsPanelQuery' ? panelAnswer(publications) : answer(call),
  );
  renderApp('/social');
  return server;
}

/** The first render loads the page's chunks: more than findBy's default second on a busy machine. */
const prompt = () => screen.findByTestId('composer-prompt', {}, { timeout: 10_000 });

const never = () => new Promise<never>(() => {});

describe('the composer', () => {
  it('expands from the prompt; publishing is disabled until there is text, and a blank one says why', async () => {
    const server = openSocial([]);
    fireEvent.click(await prompt());
    const publish = screen.getByTestId('composer-publish') as HTMLButtonElement;
    expect(publish.getAttribute('aria-disabled')).toBe('true');
    fireEvent.change(screen.getByTestId('composer-text'), { target: { value: '   ' } });
    expect(publish.getAttribute('aria-disabled')).toBe('true');
    // A blank publication gives the spec's message instead of nothing, and is not sent.
    fireEvent.click(publish);
    expect(await screen.findByText('Добавьте текст или загрузите файлы')).toBeTruthy();
    expect(server.operations()).not.toContain('ComposerCreatePublicationMutation');
    fireEvent.change(screen.getByTestId('composer-text'), { target: { value: 'Привет' } });
    expect(publish.getAttribute('aria-disabled')).toBe('false');
  });

  it('publishes, says so, collapses and shows the new publication first', async () => {
    const server = openSocial([{ id: 'p1', content: 'Старая публикация' }], (call) =>
      call.operationName === 'ComposerCreatePublicationMutation'
        ? {
            body: {
              data: {
                createPublication: {
                  __typename: 'CreatePublicationSuccess',
                  publication: {
                    ...publicationJson({ id: 'p2', content: 'Новая публикация', viewerIsAuthor: true }),
                    author: {
                      __typename: 'User',
                      id: viewer.id,
                      username: 'anna',
                      firstName: 'Анна',
                      lastName: 'Иванова',
                      avatarImage: null,
                      postsCount: 2,
                    },
                  },
                },
              },
            },
          }
        : undefined,
    );
    fireEvent.click(await prompt());
    fireEvent.change(screen.getByTestId('composer-text'), { target: { value: 'Новая публикация' } });
    fireEvent.click(screen.getByTestId('composer-publish'));

    expect(await screen.findByText('Публикация успешно создана!')).toBeTruthy();
    await waitFor(() => expect(screen.queryByTestId('composer')).toBeNull());
    const contents = screen.getAllByTestId('publication-content').map((node) => node.textContent);
    expect(contents).toEqual(['Новая публикация', 'Старая публикация']);
    const call = server.calls.find((c) => c.operationName === 'ComposerCreatePublicationMutation')!;
    expect(call.variables.input).toEqual({
      content: 'Новая публикация',
      location: null,
      media: null,
      idempotencyKey: expect.any(String),
    });
    expect(call.form).toBeUndefined();
  });

  it('sends files by the multipart spec and keeps the text and files when the server refuses one', async () => {
    const server = openSocial([], (call) =>
      call.operationName === 'ComposerCreatePublicationMutation'
        ? {
            body: {
              // Relay asks `__isError: __typename` to know the type implements Error.
              data: {
                createPublication: {
                  __typename: 'FileTooLargeError',
                  __isError: 'FileTooLargeError',
                  message: 'Файл big.png слишком большой (максимум 10MB)',
                },
              },
            },
          }
        : undefined,
    );
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:preview', revokeObjectURL: () => {} }));
    fireEvent.click(await prompt());
    fireEvent.change(screen.getByTestId('composer-text'), { target: { value: 'С фото' } });
    const image = new File([new Uint8Array(10)], 'big.png', { type: 'image/png' });
    fireEvent.change(screen.getByTestId('composer-files'), { target: { files: [image] } });
    fireEvent.click(screen.getByTestId('composer-publish'));

    const error = await screen.findByTestId('composer-error');
    expect(error.textContent).toContain('Файл слишком большой');
    expect(error.textContent).toContain('Файл big.png слишком большой (максимум 10MB)');
    expect((screen.getByTestId('composer-text') as HTMLTextAreaElement).value).toBe('С фото');
    expect(within(screen.getByTestId('composer-attachments')).getAllByRole('img')).toHaveLength(1);

    const call = server.calls.find((c) => c.operationName === 'ComposerCreatePublicationMutation')!;
    expect(call.variables.input).toMatchObject({ content: 'С фото', media: [null] });
    expect(JSON.parse(String(call.form!.get('map')))).toEqual({ 0: ['variables.input.media.0'] });
    expect((call.form!.get('0') as File).name).toBe('big.png');
  });

  it.each([
    [500, 'Ошибка сервера. Попробуйте позже'],
    [413, 'Файл слишком большой'],
    [400, 'Ошибка при создании публикации'],
  ])('shows the spec text for an HTTP %i and keeps the text', async (status, text) => {
    openSocial([], (call) =>
      call.operationName === 'ComposerCreatePublicationMutation' ? { status, body: { detail: 'x' } } : undefined,
    );
    fireEvent.click(await prompt());
    fireEvent.change(screen.getByTestId('composer-text'), { target: { value: 'Текст останется' } });
    fireEvent.click(screen.getByTestId('composer-publish'));
    expect((await screen.findByTestId('composer-error')).textContent).toBe(text);
    expect((screen.getByTestId('composer-text') as HTMLTextAreaElement).value).toBe('Текст останется');
  });

  it('refuses a file that is neither an image nor a video before sending anything', async () => {
    const server = openSocial([]);
    fireEvent.click(await prompt());
    fireEvent.change(screen.getByTestId('composer-files'), {
      target: { files: [new File(['x'], 'notes.txt', { type: 'text/plain' })] },
    });
    expect((await screen.findByTestId('composer-error')).textContent).toBe('Файл notes.txt не является изображением или видео');
    expect(server.operations()).not.toContain('ComposerCreatePublicationMutation');
  });
});

/** The browser's navigator with another geolocation (Leaflet reads the user agent when it loads). */
const navigatorWith = (geolocation: unknown) => ({
  ...navigator,
  userAgent: navigator.userAgent,
  platform: navigator.platform,
  language: navigator.language,
  languages: navigator.languages,
  geolocation,
});

describe('the place picker', () => {
  it('says when the browser has no geolocation', async () => {
    openSocial([]);
    vi.stubGlobal('navigator', navigatorWith(undefined));
    fireEvent.click(await prompt());
    fireEvent.click(screen.getByTestId('composer-place-button'));
    fireEvent.click(await screen.findByTestId('place-locate'));
    expect((await screen.findByTestId('place-error')).textContent).toBe('Геолокация не поддерживается браузером');
  });

  it('falls back to the coordinates with 6 decimals when reverse geocoding fails', async () => {
    const server = openSocial([]);
    vi.stubGlobal(
      'navigator',
      navigatorWith({
        getCurrentPosition: (ok: PositionCallback) =>
          ok({ coords: { latitude: 55.7512443, longitude: 37.6184231 } } as GeolocationPosition),
      }),
    );
    fireEvent.click(await prompt());
    fireEvent.click(screen.getByTestId('composer-place-button'));
    fireEvent.click(await screen.findByTestId('place-locate'));
    // The server could not be asked (the fake answers 500): the coordinates name the place.
    await waitFor(() => expect((screen.getByTestId('place-address') as HTMLInputElement).value).toBe('55.751244, 37.618423'));
    // Through our server only: the fake refuses any other address, so no geocoder was called directly.
    const asked = server.calls.find((call) => call.operationName === 'geolocationReverseGeocodeQuery');
    expect(asked?.variables).toEqual({ latitude: 55.7512443, longitude: 37.6184231 });
    expect(screen.getByTestId('place-coordinates').textContent).toBe('55.751244, 37.618423');
    fireEvent.click(screen.getByTestId('place-choose'));
    expect((await screen.findByTestId('composer-place')).textContent).toBe('55.751244, 37.618423');
  });

  it('finds an address through the server, puts the pin there and keeps its name', async () => {
    const server = openSocial([], (call) =>
      call.operationName === 'PlacePickerSearchQuery'
        ? {
            body: {
              data: {
                geocodeSearch: [
                  { displayName: 'Эрмитаж, Санкт-Петербург', latitude: 59.939832, longitude: 30.31456 },
                  { displayName: 'Малый Эрмитаж, Санкт-Петербург', latitude: 59.9405, longitude: 30.3166 },
                ],
              },
            },
          }
        : undefined,
    );
    fireEvent.click(await prompt());
    fireEvent.click(screen.getByTestId('composer-place-button'));
    expect(await screen.findByTestId('place-map', {}, { timeout: 10_000 })).toBeTruthy();
    expect((screen.getByTestId('place-choose') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByTestId('place-search'), { target: { value: 'Эрмитаж' } });
    fireEvent.click(screen.getByTestId('place-search-submit'));
    const results = await screen.findAllByTestId('place-search-result');
    expect(results.map((r) => r.textContent)).toEqual(['Эрмитаж, Санкт-Петербург', 'Малый Эрмитаж, Санкт-Петербург']);
    expect(server.calls.find((call) => call.operationName === 'PlacePickerSearchQuery')?.variables).toEqual({ query: 'Эрмитаж' });
    fireEvent.click(results[0]!);
    expect(screen.getByTestId('place-coordinates').textContent).toBe('59.939832, 30.314560');
    expect((screen.getByTestId('place-address') as HTMLInputElement).value).toBe('Эрмитаж, Санкт-Петербург');
    expect(screen.queryByTestId('place-search-results')).toBeNull();
    // The pin is on the map.
    expect(screen.getByTestId('place-map').querySelector('.leaflet-marker-icon')).toBeTruthy();
    fireEvent.click(screen.getByTestId('place-choose'));
    expect((await screen.findByTestId('composer-place')).textContent).toBe('Эрмитаж, Санкт-Петербург');
    expect(server.operations()).not.toContain('geolocationReverseGeocodeQuery');
  });

  it('shows the server’s text when address search fails', async () => {
    openSocial([], (call) =>
      call.operationName === 'PlacePickerSearchQuery'
        ? { body: { data: null, errors: [{ message: 'Поиск адресов сейчас недоступен', extensions: { status: 502 } }] } }
        : undefined,
    );
    fireEvent.click(await prompt());
    fireEvent.click(screen.getByTestId('composer-place-button'));
    fireEvent.change(await screen.findByTestId('place-search'), { target: { value: 'Москва' } });
    fireEvent.click(screen.getByTestId('place-search-submit'));
    expect((await screen.findByTestId('place-error')).textContent).toBe('Поиск адресов сейчас недоступен');
  });
});

describe('a publication in the feed', () => {
  it('shows a like at once (optimistically) and sends the state, not a toggle', async () => {
    const server = openSocial([{ id: 'p1', content: 'Нравится?', likesCount: 4 }], (call) =>
      call.operationName === 'LikeButtonMutation' ? never() : undefined,
    );
    const button = await screen.findByTestId('like-button', {}, { timeout: 10_000 });
    expect(button.textContent).toBe('4');
    fireEvent.click(button);
    await waitFor(() => expect(screen.getByTestId('like-button').textContent).toBe('5'));
    expect(screen.getByTestId('like-button').getAttribute('aria-pressed')).toBe('true');
    expect(server.calls.find((c) => c.operationName === 'LikeButtonMutation')?.variables).toEqual({ id: 'p1', liked: true });
  });

  it('saves an edit only when the text changed', async () => {
    const server = openSocial([{ id: 'p1', content: 'Мой текст', viewerIsAuthor: true }], (call) =>
      call.operationName === 'PublicationCardUpdateMutation'
        ? {
            body: {
              data: {
                updatePublication: {
                  __typename: 'UpdatePublicationSuccess',
                  publication: {
                    id: 'p1',
                    content: 'Новый текст',
                    mentions: [],
                    hashtags: [],
                    updatedAt: '2025-03-06T00:00:00.000Z',
                  },
                },
              },
            },
          }
        : undefined,
    );
    fireEvent.click(await screen.findByTestId('publication-edit', {}, { timeout: 10_000 }));
    fireEvent.click(screen.getByTestId('publication-edit-save'));
    await waitFor(() => expect(screen.queryByTestId('publication-edit-text')).toBeNull());
    expect(server.operations()).not.toContain('PublicationCardUpdateMutation');

    fireEvent.click(screen.getByTestId('publication-edit'));
    fireEvent.change(screen.getByTestId('publication-edit-text'), { target: { value: 'Новый текст' } });
    fireEvent.click(screen.getByTestId('publication-edit-save'));
    await waitFor(() => expect(screen.getByTestId('publication-content').textContent).toBe('Новый текст'));
    expect(server.calls.find((c) => c.operationName === 'PublicationCardUpdateMutation')?.variables).toEqual({
      id: 'p1',
      content: 'Новый текст',
    });
  });

  it('offers edit and delete to the author only', async () => {
    openSocial([{ id: 'p1', content: 'Чужая публикация' }]);
    await screen.findByTestId('publication-content', {}, { timeout: 10_000 });
    expect(screen.queryByTestId('publication-edit')).toBeNull();
    expect(screen.queryByTestId('publication-delete')).toBeNull();
  });
});

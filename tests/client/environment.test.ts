import { createOperationDescriptor, fetchQuery, getRequest } from 'relay-runtime';
import { describe, expect, it, vi } from 'vitest';
import { createRelayEnvironment, reconnectDelay, setToken, clearToken } from '../../client/src/relay/environment';
import { onUnauthorized } from '../../client/src/relay/graphqlHttp';
import { RequestError, asRequestError } from '../../client/src/relay/errors';
import { loginRequestErrorText } from '../../client/src/features/auth/authErrors';
import { changeLocale, loadSignedInTexts } from '../../client/src/i18n/locale';
import { fakeWs } from './fakeWs';

// The app's own compiled operations, reused: any operation works for the network layer.
import query from '../../client/src/__generated__/HeaderLogoQuery.graphql';
import subscription from '../../client/src/__generated__/NotificationsListenerSubscription.graphql';

describe('relay network layer', () => {
  it('aborts a request after 15 s and reports a timeout', async () => {
    vi.useFakeTimers();
    let signal: AbortSignal | undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn((_url: string, init: RequestInit) => {
        signal = init.signal ?? undefined;
        return new Promise((_resolve, reject) => {
          init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        });
      }),
    );
    const result = fetchQuery(createRelayEnvironment(), query, {}).toPromise();
    const settled = result.then(
      () => null,
      (error: unknown) => error,
    );
    await vi.advanceTimersByTimeAsync(14_999);
    expect(signal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await settled;
    expect(signal?.aborted).toBe(true);
    expect(asRequestError(error)?.kind).toBe('timeout');
    expect(loginRequestErrorText(error)).toBe('Превышено время ожидания. Проверьте подключение');
  });

  it('sends the token and the language on every request', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify({ data: { branding: { logoUrl: null } } })));
    vi.stubGlobal('fetch', fetchMock);
    setToken('abc');
    await fetchQuery(createRelayEnvironment(), query, {}).toPromise();
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('/graphql');
    expect(init.method).toBe('POST');
    // The server refuses (415) a GraphQL POST whose body is not declared as JSON.
    expect(init.headers).toMatchObject({
      Authorization: 'Bearer abc',
      'Accept-Language': 'ru',
      'Content-Type': 'application/json',
    });
    expect(JSON.parse(String(init.body))).toMatchObject({ operationName: 'HeaderLogoQuery' });
  });

  it('turns HTTP errors into RequestErrors with the status', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"errors":[{"message":"boom"}]}', { status: 502 })),
    );
    const error = await fetchQuery(createRelayEnvironment(), query, {})
      .toPromise()
      .catch((e: unknown) => e);
    expect(asRequestError(error)).toBeInstanceOf(RequestError);
    expect(asRequestError(error)?.status).toBe(502);
    expect(loginRequestErrorText(error)).toBe('Ошибка сервера. Попробуйте позже');
  });
});

describe('subscriptions transport', () => {
  it('opens one socket per token and replaces it when the token changes', async () => {
    setToken('first');
    const environment = createRelayEnvironment();
    const first = environment.execute({ operation: createOperation(subscription) }).subscribe({});
    await vi.waitFor(() => expect(fakeWs.subscriptions).toHaveLength(1));
    const firstClient = fakeWs.clients[0]!;
    expect(await (firstClient.options.connectionParams as () => unknown)()).toEqual({
      authorization: 'Bearer first',
      locale: 'ru',
    });
    expect(firstClient.options.lazy).toBe(true);

    setToken('second');
    expect(firstClient.disposed).toBe(true);
    first.unsubscribe();
    const second = createRelayEnvironment()
      .execute({ operation: createOperation(subscription) })
      .subscribe({});
    await vi.waitFor(() => expect(fakeWs.clients).toHaveLength(2));
    expect(await (fakeWs.clients[1]!.options.connectionParams as () => unknown)()).toEqual({
      authorization: 'Bearer second',
      locale: 'ru',
    });
    second.unsubscribe();
    clearToken();
    expect(fakeWs.clients[1]!.disposed).toBe(true);
  });

  it('signs out when the server ends the session of the open socket (4401), not on other closes', async () => {
    setToken('ended');
    const unauthorized = vi.fn();
    const stop = onUnauthorized(unauthorized);
    const live = createRelayEnvironment()
      .execute({ operation: createOperation(subscription) })
      .subscribe({});
    await vi.waitFor(() => expect(fakeWs.clients.length).toBeGreaterThan(0));
    fakeWs.close(1006);
    expect(unauthorized).not.toHaveBeenCalled();
    fakeWs.close(4401);
    expect(unauthorized).toHaveBeenCalledTimes(1);
    live.unsubscribe();
    stop();
    clearToken();
  });

  it('names the language on connecting, and restarts the socket when the reader switches languages', async () => {
    // The server writes a socket's texts (notifications, errors) in the language its connection named.
    setToken('speaker');
    const live = createRelayEnvironment()
      .execute({ operation: createOperation(subscription) })
      .subscribe({});
    await vi.waitFor(() => expect(fakeWs.clients).toHaveLength(1));
    const client = fakeWs.clients[0]!;
    const connectionParams = client.options.connectionParams as () => Promise<unknown>;
    expect(await connectionParams()).toEqual({ authorization: 'Bearer speaker', locale: 'ru' });

    await changeLocale('en');
    expect(client.terminated).toBe(1);
    expect(client.disposed).toBe(false); // the same client reconnects; its subscriptions carry on
    expect(await connectionParams()).toEqual({ authorization: 'Bearer speaker', locale: 'en' });
    // More texts of the same language (the signed-in catalog) are no switch.
    await loadSignedInTexts();
    expect(client.terminated).toBe(1);
    live.unsubscribe();
    clearToken();
  });

  it('backs off from 1 s to at most 5 s, randomised by half', () => {
    vi.spyOn(Math, 'random').mockReturnValue(1);
    expect([0, 1, 2, 3, 10].map(reconnectDelay)).toEqual([1000, 2000, 4000, 5000, 5000]);
    vi.spyOn(Math, 'random').mockReturnValue(0);
    expect(reconnectDelay(0)).toBe(500);
  });
});

function createOperation(node: typeof subscription) {
  return createOperationDescriptor(getRequest(node), {});
}

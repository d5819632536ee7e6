import { Readable } from 'node:stream';
import { MemoryLocker, Server, type ServerOptions } from '@tus/server';
import type { Services } from '../services/container';
import type { ServerRoute } from './routes';
import type { ServerContext } from '../graphql';
import { authenticate, bearerToken } from '../auth/sessions';
import { AppError, NotAuthenticatedError, NotFoundError, ValidationError } from '../services/errors';
import { localeOfRequest, translate } from '../i18n';
import { addRoomFile, checkRoomFileUpload } from '../services/roomFiles';
import { createResumableUploads } from '../storage/resumableUploads';

/**
 * Room files arrive over the tus protocol (resumable uploads, https://tus.io): POST creates an upload
 * with its Upload-Length and metadata (roomId, filename), PATCH sends bytes from an offset, HEAD
 * tells how many arrived, so a dropped connection resumes where it stopped. `@tus/server` speaks the
 * protocol; this module adds our bearer token on every request, the room's rules at creation (who,
 * what type, how large, the plan's quota: refused before any byte is sent) and, once complete, hands
 * the file to services/roomFiles.ts, which moves it into the room file store.
 */
export const ROOM_FILE_UPLOADS_PATH = '/api/zoomvisor/uploads';

/** Unfinished uploads are dropped after a day (swept when new uploads start). */
const UNFINISHED_UPLOAD_MS = 24 * 3600 * 1000;

type TusRefusal = { status_code: number; body: string };

/** An expected failure as tus answers it: the status of the error table and `{detail}` in the caller's language. */
function refusalOf(error: AppError, request: Request): TusRefusal {
  const locale = localeOfRequest(request);
  const detail =
    error instanceof ValidationError && error.fieldErrors[0]
      ? translate(locale, error.fieldErrors[0].messageKey, error.fieldErrors[0].params)
      : translate(locale, error.messageKey, error.params);
  return { status_code: (error.constructor as typeof AppError).status, body: JSON.stringify({ detail }) };
}

/**
 * tus' own refusals of a request that breaks the protocol (an Upload-Length that is no number, bad
 * metadata, a wrong offset, no Tus-Resumable) are English plain text: answered as ours are, `{detail}`
 * in the caller's language, with tus' status. Ours (JSON already) and answers to HEAD (no body) pass.
 */
async function inOurWords(response: Response, request: Request): Promise<Response> {
  if (response.status < 400 || response.status >= 500 || request.method === 'HEAD') return response;
  const body = await response.text();
  const headers = new Headers(response.headers);
  if (body.startsWith('{')) return new Response(body, { status: response.status, headers });
  const gone = response.status === 404 || response.status === 410;
  const ours = refusalOf(gone ? new NotFoundError('roomFiles.uploadNotFound') : new ValidationError([]), request);
  headers.set('content-type', 'application/json');
  headers.delete('content-length');
  return new Response(ours.body, { status: response.status, headers });
}

/** Runs a tus hook, turning our expected failures into tus refusals (anything else stays a 500). */
async function refusing<T>(request: Request, hook: () => Promise<T>): Promise<T> {
  try {
    return await hook();
  } catch (error) {
    if (error instanceof AppError) throw refusalOf(error, request);
    throw error;
  }
}

/**
 * The request as tus reads it: a WHATWG Request whose body streams from the socket. Behind node:http
 * the adapter hands us its own Request class, whose body stream Node's `Readable.fromWeb` (used by
 * tus) refuses; the node request itself streams, and errors when the connection drops, which is
 * what keeps the bytes that arrived before the cut.
 */
function streamingRequest(request: Request, serverContext: ServerContext): Request {
  const node = serverContext.req;
  const native: boolean = request instanceof globalThis.Request;
  if (!node || native) return request;
  const hasBody = request.method !== 'GET' && request.method !== 'HEAD' && request.method !== 'OPTIONS';
  return new globalThis.Request(request.url, {
    method: request.method,
    headers: new Headers([...request.headers]),
    body: hasBody ? (Readable.toWeb(node) as ReadableStream<Uint8Array>) : null,
    // @ts-expect-error -- Node's fetch needs `duplex` for a streamed body; the DOM types lack it.
    duplex: 'half',
  });
}

export function roomFileUploads(services: Services): ServerRoute {
  const { datastore, finished } = createResumableUploads(services.config, UNFINISHED_UPLOAD_MS);
  /** Who sent each request being handled (tus hooks receive the request itself). */
  const senders = new WeakMap<Request, number>();
  const sender = (request: Request) => senders.get(request) ?? 0;

  const options: ServerOptions & { datastore: typeof datastore } = {
    path: ROOM_FILE_UPLOADS_PATH,
    datastore,
    // One process holds an upload's lock (a PATCH resumed while the dropped one drains waits for it). With
    // S3 a resume may reach another process, which does not wait: a Redis locker would be needed for that.
    locker: new MemoryLocker(),
    relativeLocation: true,
    // Nothing is resumed across requests of different members: each upload is its creator's.
    async onIncomingRequest(request, id) {
      if (request.method === 'POST') return;
      const upload = await datastore.getUpload(id).catch(() => null);
      if (!upload || upload.metadata?.uploaderId !== String(sender(request))) {
        throw refusalOf(new NotFoundError('roomFiles.uploadNotFound'), request);
      }
    },
    onUploadCreate: (request, upload) =>
      refusing(request, async () => {
        const userId = sender(request);
        await checkRoomFileUpload(services, userId, {
          roomId: Number(upload.metadata?.roomId ?? NaN),
          filename: upload.metadata?.filename ?? '',
          size: upload.size,
        });
        // The uploader is recorded by the server, whatever metadata the client sent.
        return { metadata: { ...upload.metadata, uploaderId: String(userId) } };
      }),
    onUploadFinish: (request, upload) =>
      refusing(request, async () => {
        const file = await addRoomFile(services, sender(request), {
          roomId: Number(upload.metadata?.roomId),
          filename: upload.metadata?.filename ?? '',
          size: upload.size ?? upload.offset,
          source: finished(upload),
        });
        return { status_code: 204, headers: { 'Room-File-Id': String(file.id) } };
      }),
  };
  const tus = new Server(options);

  return {
    name: 'room file uploads (tus)',
    // GET is not tus' business here: room files are downloaded through signed links.
    matches: ({ method, pathname }) =>
      method !== 'GET' && (pathname === ROOM_FILE_UPLOADS_PATH || pathname.startsWith(`${ROOM_FILE_UPLOADS_PATH}/`)),
    async answer(received, serverContext) {
      const request = streamingRequest(received, serverContext);
      if (request.method !== 'OPTIONS') {
        const viewer = await authenticate(
          services.prisma,
          services.tokenSecret,
          bearerToken(request.headers.get('authorization')),
        );
        if (!viewer) {
          const { status_code, body } = refusalOf(new NotAuthenticatedError(), request);
          return new Response(body, { status: status_code, headers: { 'content-type': 'application/json' } });
        }
        senders.set(request, viewer.user.id);
        if (request.method === 'POST') void datastore.deleteExpired().catch(() => undefined);
      }
      return inOurWords(await tus.handleWeb(request), request);
    },
  };
}

import type { Services } from '../services/container';
import type { Yoga, ServerContext } from '../graphql';
import type { RestRouter } from '../rest/router';
import { PROFILE_IMAGES_PATH, serveProfileImage } from '../services/profiles';
import { LANDING_IMAGES_PATH, serveLandingImage } from '../services/landing';
import { BRANDING_PATH, serveBrandingImage } from '../services/branding';
import { VOICE_PATH, serveVoice } from '../storage/voiceMessages';
import { ATTACHMENTS_PATH, serveAttachment } from '../services/messageAttachments';
import { mediaResponse } from '../services/media';
import { serveRecording } from '../services/recordings';
import { RECORDINGS_PATH } from '../storage/recordings';
import { serveRoomFile, ROOM_FILES_PATH } from '../services/roomFiles';
import { roomFileUploads } from './roomFileUploads';
import { ACTIVE_STYLESHEET_PATH, activeStylesheetCss } from '../services/stylesheets';
import { json } from '../jsonResponse';
import { graphiqlPage } from './graphiql';
import { localeOfRequest, translate } from '../i18n';

/** What routing looks at: enough to decide from a node request too (development mode does). */
export type RequestHead = { method: string; pathname: string; accept: string };

/**
 * A kind of request the server answers itself; everything else is the client's (its files and
 * pages). `matches` decides from the request's head alone, so the development server can send the
 * same requests here and the rest to Vite.
 */
export type ServerRoute = {
  name: string;
  matches: (head: RequestHead) => boolean;
  answer: (request: Request, serverContext: ServerContext) => Promise<Response>;
};

const isRead = (method: string) => method === 'GET' || method === 'HEAD';
const withoutApiPrefix = (pathname: string) => pathname.replace(/^\/api(?=\/)/, '');

/**
 * A browser navigation (GET with Accept: text/html) gets the client's page even on a path that is
 * also a REST path (`/users`); under `/api` it is always the API.
 */
export const isPageNavigation = ({ method, pathname, accept }: RequestHead) =>
  isRead(method) && !pathname.startsWith('/api/') && accept.includes('text/html');

const MEDIA_PATH = /^(?:\/api)?\/publications\/media\/([^/]+)$/;

const notFound = (request: Request) => json(404, { detail: translate(localeOfRequest(request), 'request.notFound') });

/** The server's own paths, in the order they are tried; the first that matches answers. */
export function serverRoutes(services: Services, yoga: Yoga, rest: RestRouter): ServerRoute[] {
  return [
    {
      name: 'uploaded publication media (with ranges)',
      matches: ({ method, pathname }) => isRead(method) && MEDIA_PATH.test(pathname),
      async answer(request) {
        const url = new URL(request.url);
        let name: string;
        try {
          name = decodeURIComponent(MEDIA_PATH.exec(url.pathname)![1]!);
        } catch {
          name = '';
        }
        const thumbnail = ['true', '1'].includes(url.searchParams.get('thumbnail') ?? '');
        const answer = await mediaResponse(services, request, name, thumbnail);
        if (answer === 'invalid-name') return json(400, { detail: translate(localeOfRequest(request), 'media.invalidName') });
        return answer ?? notFound(request);
      },
    },
    {
      name: 'GraphiQL',
      matches: ({ method, pathname, accept }) => isRead(method) && pathname === '/graphql' && accept.includes('text/html'),
      answer: (request) => graphiqlPage(request),
    },
    {
      name: 'GraphQL',
      matches: ({ pathname }) => pathname === '/graphql',
      answer: async (request, serverContext) => yoga.fetch(request, serverContext),
    },
    {
      // Landing page hero images: public, like the page itself.
      name: 'landing images',
      matches: ({ method, pathname }) => isRead(method) && pathname.startsWith(LANDING_IMAGES_PATH),
      answer: async (request) => (await serveLandingImage(services, request, new URL(request.url).pathname)) ?? notFound(request),
    },
    {
      // Logo, favicon and bottom logo: every visitor's pages show them.
      name: 'branding images',
      matches: ({ method, pathname }) => isRead(method) && pathname.startsWith(BRANDING_PATH),
      answer: async (request) =>
        (await serveBrandingImage(services, request, new URL(request.url).pathname)) ?? notFound(request),
    },
    {
      // Avatars and covers: anyone may fetch them by their (unguessable) URL.
      name: 'profile images',
      matches: ({ method, pathname }) => isRead(method) && pathname.startsWith(`${PROFILE_IMAGES_PATH}/`),
      answer: async (request) => (await serveProfileImage(services, request, new URL(request.url).pathname)) ?? notFound(request),
    },
    {
      name: 'voice messages (signed links)',
      matches: ({ pathname }) => pathname.startsWith(VOICE_PATH),
      answer: async (request) => (await serveVoice(request, services.tokenSecret, services.voiceStore)) ?? notFound(request),
    },
    {
      name: 'meeting recordings (signed links, MP4 copies)',
      matches: ({ pathname }) => pathname.startsWith(RECORDINGS_PATH),
      answer: async (request) => (await serveRecording(services, request)) ?? notFound(request),
    },
    {
      name: 'message attachments (signed links)',
      matches: ({ method, pathname }) => isRead(method) && withoutApiPrefix(pathname).startsWith(ATTACHMENTS_PATH),
      answer: async (request) => (await serveAttachment(services, request)) ?? notFound(request),
    },
    {
      name: 'room files (signed links)',
      matches: ({ method, pathname }) => isRead(method) && withoutApiPrefix(pathname).startsWith(ROOM_FILES_PATH),
      answer: async (request) => (await serveRoomFile(services, request)) ?? notFound(request),
    },
    roomFileUploads(services),
    {
      // Every page links it (public: the login page is styled too); revalidated on each load.
      name: 'the active stylesheet',
      matches: ({ method, pathname }) => isRead(method) && withoutApiPrefix(pathname) === ACTIVE_STYLESHEET_PATH,
      async answer(request) {
        const { css, version } = await activeStylesheetCss(services.prisma);
        const etag = `"${version}"`;
        const headers = { etag, 'cache-control': 'no-cache', 'content-type': 'text/css; charset=utf-8' };
        if (request.headers.get('if-none-match') === etag) return new Response(null, { status: 304, headers });
        return new Response(request.method === 'HEAD' ? null : css, { status: 200, headers });
      },
    },
    {
      name: 'health',
      matches: ({ pathname }) => pathname === '/health',
      // A configured SFU that is down degrades the service (large calls wait in mesh) without making it unhealthy.
      answer: async () => {
        const sfu = services.sfu.status();
        return json(200, {
          status: sfu === 'down' ? 'degraded' : 'ok',
          database: services.db.kind,
          realtime: services.config.redisUrl ? 'redis' : 'memory',
          sfu,
        });
      },
    },
    {
      name: 'REST (also under /api)',
      matches: (head) => !isPageNavigation(head) && rest.knows(head.pathname),
      answer: async (request, serverContext) =>
        (await rest.handle(request, serverContext)) ??
        json(405, { detail: translate(localeOfRequest(request), 'request.methodNotAllowed') }),
    },
  ];
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { encodeGlobalID } from '@pothos/plugin-relay';
import {
  getNamedType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  parse,
  subscribe,
  type GraphQLInputType,
} from 'graphql';
import { schema } from '../../server/src/schema';
import { routes } from '../../server/src/rest/routes';
import { buildContext, maskError } from '../../server/src/graphql';
import { createTestApp, type TestApp } from '../support/app';
import { registerAndLogin } from '../support/members';
import { rootFieldOperation, rootFields, type RootField } from '../support/rootFields';

/**
 * A schema-driven fuzzer (issue 12, "Fuzzing in CI"): every GraphQL root field with every argument, and
 * every REST row, called with hostile input built by fast-check from the schema. No answer may be a 5xx
 * or a masked internal error, and a refused call stores nothing (row counts unchanged), nor does any call
 * touch a bystander's records.
 *
 * `npm test` runs a bounded, seeded run; FUZZ_RUNS=<cases per field or row> (and FUZZ_SEED) runs longer.
 */
const RUNS = Number(process.env.FUZZ_RUNS) || 16;
const SEED = Number(process.env.FUZZ_SEED) || 20261123;
const TIMEOUT = Math.max(60_000, RUNS * 10_000);

// ───────────────────────────── Hostile values ─────────────────────────────

const hostileString = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '%',
    '%%',
    '_',
    '__',
    '\\',
    "' OR '1'='1",
    '"; DROP TABLE users; --',
    '$1',
    '\u202e\u200b\ufeff',
    '😀👩‍👩‍👧',
    '\ud800',
    '1990-02-31',
    '0000-00-00',
    '9999-99-99T99:99:99Z',
    'null',
    'undefined',
    '[]',
    '{}',
    '__proto__',
    'constructor',
    '../../etc/passwd',
    '<script>alert(1)</script>',
    'a'.repeat(10_000),
    'я'.repeat(100_001),
  ),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
);

const hostileNumber = fc.oneof(
  fc.constantFrom(0, -1, 1, 2 ** 31, -(2 ** 31) - 1, 2 ** 53, Number.MAX_SAFE_INTEGER + 2, 1e308, -1e308, 0.5, 1e-320),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

/** Global ids that are malformed, of the wrong type, or name nothing. */
const hostileId = fc.oneof(
  fc.constantFrom('', '0', '-1', 'User:', ':', 'VXNlcjo=', '%%%', 'not base64!', '99999999999999999999999'),
  fc
    .tuple(
      fc.constantFrom('User', 'Publication', 'Room', 'MeetingClass', 'Conversation', 'Friendship', 'GalleryItem', 'Nope', ''),
      fc.oneof(hostileString, hostileNumber.map(String)),
    )
    .map(([type, id]) => encodeGlobalID(type, id)),
  fc.string({ maxLength: 30 }),
);

/** What a value of some other type looks like: wrong types, arrays where objects belong, deep nesting. */
const wrongType: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  hostileNumber,
  hostileString,
  fc.array(hostileString, { maxLength: 3 }),
  fc.dictionary(hostileString, hostileString, { maxKeys: 3 }),
  fc.integer({ min: 50, max: 500 }).map((depth) => {
    let nested: unknown = 'deep';
    for (let i = 0; i < depth; i += 1) nested = i % 2 ? [nested] : { a: nested };
    return nested;
  }),
);

/** A value for a GraphQL input type: usually of the type (with hostile content), sometimes not at all. */
function valueOf(type: GraphQLInputType, depth = 0): fc.Arbitrary<unknown> {
  if (isNonNullType(type)) return valueOf(type.ofType, depth);
  const named = getNamedType(type);
  let typed: fc.Arbitrary<unknown>;
  if (isListType(type)) {
    typed = fc.array(valueOf(type.ofType, depth + 1), { maxLength: depth > 1 ? 1 : 4 });
  } else if (isEnumType(named)) {
    typed = fc.oneof(fc.constantFrom(...named.getValues().map((value) => value.name)), hostileString);
  } else if (isInputObjectType(named)) {
    const fields = Object.values(named.getFields());
    typed = fc.record(Object.fromEntries(fields.map((field) => [field.name, valueOf(field.type, depth + 1)])), {
      requiredKeys: fields.filter((field) => isNonNullType(field.type)).map((field) => field.name),
    });
  } else {
    typed =
      {
        String: hostileString,
        ID: hostileId,
        Int: hostileNumber,
        Float: hostileNumber,
        Boolean: fc.boolean(),
        Date: hostileString,
        DateTime: hostileString,
        File: fc.constant(null),
      }[named.name] ?? wrongType;
  }
  // Mostly of the type, so that most calls get past variable coercion into the resolvers and services.
  return fc.oneof({ weight: 12, arbitrary: typed }, { weight: 1, arbitrary: wrongType });
}

// ───────────────────────────── The app and what must not change ─────────────────────────────

let app: TestApp;
let token: string;
/** Someone the fuzzing member has nothing to do with: their records must come out as they went in. */
let bystander: { userId: number; publicationId: number; snapshot: string };

const TABLES = [
  'users',
  'publications',
  'publication_comments',
  'messages',
  'friendships',
  'rooms',
  'meeting_classes',
  'gallery_items',
];

async function rowCounts(): Promise<string> {
  const rows = await app.db.prisma.$queryRawUnsafe<Record<string, bigint>[]>(
    `SELECT ${TABLES.map((table) => `(SELECT count(*) FROM ${table}) AS ${table}`).join(', ')}`,
  );
  return JSON.stringify(rows[0], (_key, value) => (typeof value === 'bigint' ? Number(value) : value));
}

async function bystanderSnapshot() {
  const user = await app.db.prisma.user.findUniqueOrThrow({ where: { id: bystander.userId } });
  const publication = await app.db.prisma.publication.findUniqueOrThrow({ where: { id: bystander.publicationId } });
  return JSON.stringify({ user, publication });
}

beforeAll(async () => {
  app = await createTestApp();
  token = (await registerAndLogin(app)).token;
  const other = await registerAndLogin(app);
  const publication = await app.db.prisma.publication.create({ data: { authorId: other.user.id, content: 'Не трогать' } });
  bystander = { userId: other.user.id, publicationId: publication.id, snapshot: '' };
  bystander.snapshot = await bystanderSnapshot();
});
afterAll(() => app?.dispose());

/** What one call answered, reduced to what the properties check. */
type Outcome = { serverError: string | null; refused: boolean };

const internalError = (errors: readonly { extensions?: Record<string, unknown> }[] | undefined) =>
  errors?.find((error) => error.extensions?.code === 'INTERNAL_SERVER_ERROR');

/**
 * Refused input stores nothing: the row counts after a refused call are the ones before it. (A call that
 * succeeds may add rows; the bystander check below covers what it may not touch.)
 */
async function checkCall(call: () => Promise<Outcome>, describeInput: () => string) {
  const before = await rowCounts();
  const outcome = await call();
  if (outcome.serverError) throw new Error(`server error for ${describeInput()}: ${outcome.serverError}`);
  if (outcome.refused) {
    const after = await rowCounts();
    if (after !== before) throw new Error(`refused input changed stored rows (${before} -> ${after}) for ${describeInput()}`);
  }
}

// ───────────────────────────── Found by fuzzing ─────────────────────────────

type GraphQLCase = { kind: 'graphql'; field: string; variables: Record<string, unknown> };
type RestCase = { kind: 'rest'; method: string; url: string; body: string | null };

/** Inputs that were 500s when the fuzzer first ran (issue 12 item 5); each is tried on every run, whatever the seed. */
const FOUND_BY_FUZZING: { cause: string; example: GraphQLCase | RestCase }[] = [
  {
    cause: 'node(id) with a non-numeric id of a database-backed type',
    example: { kind: 'graphql', field: 'node', variables: { id: encodeGlobalID('Friendship', 'prototype') } },
  },
  {
    cause: 'a Room id whose id part is not a number',
    example: { kind: 'graphql', field: 'roomChatHistory', variables: { roomId: encodeGlobalID('Room', 'x') } },
  },
  {
    cause: 'a user id beyond the 32-bit range',
    example: { kind: 'rest', method: 'POST', url: '/friends/request?friend_id=2147483648', body: null },
  },
];

// ───────────────────────────── GraphQL ─────────────────────────────

/** Signing out ends the session the other calls use, and it has no input to fuzz. */
const NO_INPUT_TO_FUZZ = new Set(['signOut']);

async function callGraphQL(root: RootField, variables: Record<string, unknown>): Promise<Outcome> {
  const query = rootFieldOperation(root, Object.keys(variables));
  if (root.kind === 'subscription') {
    const request = new Request('http://localhost/graphql', { headers: { authorization: `Bearer ${token}` } });
    const result = await subscribe({
      schema,
      document: parse(query),
      variableValues: variables,
      contextValue: await buildContext(app.services, request, {}),
    });
    if (Symbol.asyncIterator in result) {
      await result.return?.();
      return { serverError: null, refused: false };
    }
    const masked = result.errors?.map((error) => maskError(error, 'en', app.services).toJSON());
    const internal = internalError(masked);
    return { serverError: internal ? JSON.stringify(result.errors?.[0]?.originalError?.stack ?? internal) : null, refused: true };
  }
  const response = await app.request('POST', '/graphql', {
    json: { query, variables },
    token,
    headers: { accept: 'application/graphql-response+json' },
  });
  const text = await response.text();
  if (response.status >= 500) return { serverError: `${response.status} ${text.slice(0, 500)}`, refused: true };
  const body = JSON.parse(text) as { data?: Record<string, { __typename?: string } | null>; errors?: [] };
  const internal = internalError(body.errors);
  const typename = body.data?.[root.field.name]?.__typename ?? '';
  return {
    serverError: internal ? JSON.stringify(internal) : null,
    refused: !!body.errors?.length || typename.endsWith('Error'),
  };
}

describe('GraphQL root fields under hostile input', () => {
  it.each(
    rootFields
      .filter(({ field }) => !NO_INPUT_TO_FUZZ.has(field.name))
      .map((root) => [`${root.kind} ${root.field.name}`, root] as const),
  )(
    '%s',
    async (_name, root) => {
      const args = root.field.args;
      // Every argument; optional ones present or left out.
      const variables = fc.record(Object.fromEntries(args.map((arg) => [arg.name, valueOf(arg.type)])), {
        requiredKeys: args.filter((arg) => isNonNullType(arg.type)).map((arg) => arg.name),
      });
      await fc.assert(
        fc.asyncProperty(variables, async (vars) => {
          await checkCall(
            () => callGraphQL(root, vars),
            () => JSON.stringify(vars).slice(0, 500),
          );
        }),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      );
    },
    TIMEOUT,
  );
});

// ───────────────────────────── REST ─────────────────────────────

/** The body and query keys the REST rows read (routes/*.ts), so the fuzzer reaches past "missing field". */
const BODY_KEYS = [
  'email',
  'password',
  'new_password',
  'current_password',
  'first_name',
  'last_name',
  'middle_name',
  'username',
  'token',
  'user_id',
  'bio',
  'status',
  'location',
  'website',
  'phone',
  'birth_date',
  'code',
  'verification_code',
  'type',
  'file',
  'friend_id',
  'receiver_id',
  'content',
  'files',
  'attachments',
  'media_files',
  'filenames',
  'latitude',
  'longitude',
  'address',
  'map_provider',
  'rating',
  'review_text',
  'text',
  'comment_text',
  'title',
  'name',
  'max_participants',
  'category_id',
];
const QUERY_KEYS = ['limit', 'cursor', 'after', 'search', 'query', 'accept', 'friend_id', 'latitude', 'longitude'];

const bodyValue = fc.oneof(hostileString, hostileNumber, wrongType);

/** A JSON body: an object of the rows' keys, or anything else JSON can say, or not JSON at all. */
const restBody = fc.oneof(
  { weight: 5, arbitrary: fc.dictionary(fc.constantFrom(...BODY_KEYS), bodyValue, { maxKeys: 8 }).map((b) => JSON.stringify(b)) },
  { weight: 2, arbitrary: wrongType.map((value) => JSON.stringify(value)) },
  { weight: 1, arbitrary: fc.constantFrom('{', '{"a":', '[1,', '\u0000', 'null', '[]', '"text"', '12') },
);

/** A path segment; `.` and `..` are left out, since the URL itself resolves them into another path. */
const pathValue = fc
  .oneof(
    fc.constantFrom(
      '0',
      '1',
      '-1',
      '2147483648',
      '99999999999999999999999',
      '1.5',
      '1e3',
      'abc',
      '%00',
      '%E0%A4%A',
      '%25%25',
      '__',
    ),
    hostileString.map((value) => encodeURIComponent(value.slice(0, 200))),
  )
  .filter((segment) => !/^(\.|%2e){1,2}$/i.test(segment));

const queryString = fc
  .dictionary(
    fc.constantFrom(...QUERY_KEYS),
    fc.oneof(
      hostileString.map((v) => v.slice(0, 2000)),
      hostileNumber.map(String),
    ),
    {
      maxKeys: 4,
    },
  )
  .map((entries) => new URLSearchParams(entries).toString());

async function callRest(method: string, url: string, body: string | null): Promise<Outcome> {
  const response = await app.request(method, url, {
    token,
    body: body ?? undefined,
    headers: body === null ? {} : { 'content-type': 'application/json' },
  });
  const text = await response.text();
  return {
    serverError: response.status >= 500 ? `${response.status} ${text.slice(0, 500)}` : null,
    refused: response.status >= 400,
  };
}

describe('REST rows under hostile input', () => {
  /** `POST /auth/logout` ends the session the other calls use, and it has no input to fuzz. */
  const fuzzed = routes.filter((route) => !(route.method === 'POST' && route.path === '/auth/logout'));

  it.each(fuzzed.map((route) => [`${route.method} ${route.path}`, route] as const))(
    '%s',
    async (_name, route) => {
      const paramCount = (route.path.match(/:\w+/g) ?? []).length;
      const input = fc.record({
        params: fc.array(pathValue, { minLength: paramCount, maxLength: paramCount }),
        query: queryString,
        body: route.method === 'GET' ? fc.constant(null) : restBody,
      });
      await fc.assert(
        fc.asyncProperty(input, async ({ params, query, body }) => {
          let index = 0;
          const path = route.path.replace(/:(\w+)(\([^)]*\))?/g, () => params[index++]);
          const url = `${path}${query ? `?${query}` : ''}`;
          await checkCall(
            () => callRest(route.method, url, body),
            () => `${route.method} ${url.slice(0, 300)} ${String(body).slice(0, 300)}`,
          );
        }),
        { numRuns: RUNS, seed: SEED, endOnFailure: true },
      );
    },
    TIMEOUT,
  );
});

describe('after the fuzzing', () => {
  it.each(FOUND_BY_FUZZING.map((found) => [found.cause, found] as const))('no 500 for %s', async (_cause, { example }) => {
    const outcome =
      example.kind === 'graphql'
        ? await callGraphQL(
            rootFields.find((root) => root.field.name === example.field)!,
            example.variables,
          )
        : await callRest(example.method, example.url, example.body);
    expect(outcome.serverError).toBeNull();
  });

  it("left the bystander's account and publication as they were", async () => {
    expect(await bystanderSnapshot()).toBe(bystander.snapshot);
  });
});

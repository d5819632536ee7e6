import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import { quickMember, type Member } from './meetingSupport';
import { drawTriviaQuestions } from '../../server/src/services/activities/games/triviaBank';

/** The trivia mini-game's question bank: seeded in ru, en and fr, edited by admins (audited). */
let app: TestApp;
let admin: Member;

beforeAll(async () => {
  app = await createTestApp();
  admin = await quickMember(app.services, 'Админ');
  await app.services.prisma.user.update({ where: { id: admin.id }, data: { role: 'admin' } });
});
afterAll(() => app?.dispose());

const FIELDS = `databaseId locale prompt options correctIndex`;
const gql = (query: string, variables: Record<string, unknown> = {}, locale = 'ru') =>
  app.graphql(query, variables, { token: admin.token, headers: { 'accept-language': locale } });

describe('trivia bank', () => {
  it('starts with the same eight questions in each language', async () => {
    const { data } = await gql(`{ triviaQuestions { ${FIELDS} } }`);
    const count = (locale: string) => (data.triviaQuestions as { locale: string }[]).filter((q) => q.locale === locale).length;
    expect([count('ru'), count('en'), count('fr')]).toEqual([8, 8, 8]);
    const drawn = await drawTriviaQuestions(app.services.prisma, 'fr', 5);
    expect(drawn).toHaveLength(5);
    expect(new Set(drawn.map((question) => question.prompt)).size).toBe(5);
  });

  it('lets an admin add, edit and delete questions, audited, and refuses a correct option that is not there', async () => {
    const input = { locale: 'en', prompt: 'Which colour is the sky?', options: ['Green', 'Blue'], correctIndex: 1 };
    const created = await gql(
      `mutation($input: TriviaQuestionInput!) { createTriviaQuestion(input: $input) { __typename ... on TriviaQuestion { id ${FIELDS} } } }`,
      { input },
    );
    expect(created.data.createTriviaQuestion).toMatchObject({ __typename: 'TriviaQuestion', ...input });
    const id = created.data.createTriviaQuestion.id;

    const refused = await gql(
      `mutation($id: ID!, $input: TriviaQuestionInput!) { updateTriviaQuestion(id: $id, input: $input) {
        __typename ... on ValidationError { fieldErrors { path message } } } }`,
      { id, input: { ...input, correctIndex: 2 } },
      'fr',
    );
    expect(refused.data.updateTriviaQuestion).toEqual({
      __typename: 'ValidationError',
      fieldErrors: [{ path: ['correctIndex'], message: 'Indiquez la bonne option' }],
    });

    const edited = await gql(
      `mutation($id: ID!, $input: TriviaQuestionInput!) { updateTriviaQuestion(id: $id, input: $input) { ... on TriviaQuestion { options correctIndex } } }`,
      { id, input: { ...input, options: ['Blue', 'Green', 'Red'], correctIndex: 0 } },
    );
    expect(edited.data.updateTriviaQuestion).toEqual({ options: ['Blue', 'Green', 'Red'], correctIndex: 0 });

    const deleted = await gql(`mutation($id: ID!) { deleteTriviaQuestion(id: $id) { __typename } }`, { id });
    expect(deleted.data.deleteTriviaQuestion.__typename).toBe('DeleteTriviaQuestionSuccess');
    const actions = await app.services.prisma.auditEntry.findMany({
      where: { targetType: 'trivia_question' },
      orderBy: { id: 'asc' },
      select: { action: true },
    });
    expect(actions.map((entry) => entry.action)).toEqual(['trivia.create', 'trivia.update', 'trivia.delete']);
  });

  it('is for admins only: it holds the answers', async () => {
    const member = await quickMember(app.services);
    const read = await app.graphql(`{ triviaQuestions { prompt correctIndex } }`, {}, { token: member.token });
    expect(read.data).toBeNull();
    expect(read.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });
});

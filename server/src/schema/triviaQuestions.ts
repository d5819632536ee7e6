import { encodeGlobalID } from '@pothos/plugin-relay';
import { builder } from '../builder';
import { access } from '../auth/access';
import { LOCALES } from '../i18n';
import * as bank from '../services/activities/games/triviaBank';
import { parsedBy } from '../services/validation';
import { deletedResult } from './errors';
import { databaseIdOf, type GlobalId } from './globalIds';

export const TriviaQuestionNode = builder.prismaNode('TriviaQuestion', {
  id: { field: 'id' },
  nullable: true,
  description: 'A question of the trivia mini-game’s bank (admins only: it holds the correct answer).',
  authScopes: { admin: true },
  fields: (t) => ({
    databaseId: t.exposeInt('id'),
    locale: t.exposeString('locale'),
    prompt: t.exposeString('prompt'),
    options: t.exposeStringList('options'),
    correctIndex: t.exposeInt('correctIndex'),
    updatedAt: t.expose('updatedAt', { type: 'DateTime' }),
  }),
});

builder.queryField('triviaQuestions', (t) =>
  t.prismaField({
    type: ['TriviaQuestion'],
    description: `The trivia bank, oldest first; with \`locale\` (${LOCALES.join(', ')}) the questions in that language.`,
    ...access('admin'),
    args: { locale: t.arg.string({ required: false }) },
    resolve: (query, _root, args, ctx) =>
      ctx.prisma.triviaQuestion.findMany({
        ...query,
        where: args.locale ? { locale: args.locale } : {},
        orderBy: { id: 'asc' },
      }),
  }),
);

const TriviaQuestionInput = builder.inputType('TriviaQuestionInput', {
  fields: (t) => ({
    locale: t.string({ required: true, description: `One of: ${LOCALES.join(', ')}.` }),
    prompt: t.string({ required: true }),
    options: t.stringList({ required: true }),
    correctIndex: t.int({ required: true, description: 'Index into `options` of the correct one.' }),
  }),
});

const questionId = (id: GlobalId) => databaseIdOf(id, 'TriviaQuestion', 'games.trivia.notFound');

builder.mutationFields((t) => ({
  createTriviaQuestion: t.field({
    type: TriviaQuestionNode,
    description: 'An admin adds a question to the trivia bank. Audited.',
    ...access('admin'),
    args: { input: t.arg({ type: TriviaQuestionInput, required: true, validate: { schema: bank.triviaQuestionInput } }) },
    errors: { directResult: true, union: { name: 'CreateTriviaQuestionResult' } },
    resolve: (_root, { input }, ctx) =>
      bank.createTriviaQuestion(ctx.prisma, ctx.viewer!.user, parsedBy(bank.triviaQuestionInput, input)),
  }),
  updateTriviaQuestion: t.field({
    type: TriviaQuestionNode,
    description: 'An admin edits a question of the trivia bank (games already launched keep theirs). Audited.',
    ...access('admin'),
    args: {
      id: t.arg.globalID({ for: TriviaQuestionNode, required: true }),
      input: t.arg({ type: TriviaQuestionInput, required: true, validate: { schema: bank.triviaQuestionInput } }),
    },
    errors: { directResult: true, union: { name: 'UpdateTriviaQuestionResult' } },
    resolve: (_root, { id, input }, ctx) =>
      bank.updateTriviaQuestion(ctx.prisma, ctx.viewer!.user, questionId(id), parsedBy(bank.triviaQuestionInput, input)),
  }),
  deleteTriviaQuestion: t.field({
    type: deletedResult('DeleteTriviaQuestionSuccess'),
    description: 'An admin removes a question from the trivia bank. Audited.',
    ...access('admin'),
    args: { id: t.arg.globalID({ for: TriviaQuestionNode, required: true }) },
    errors: { directResult: true, union: { name: 'DeleteTriviaQuestionResult' } },
    resolve: async (_root, { id }, ctx) => {
      await bank.deleteTriviaQuestion(ctx.prisma, ctx.viewer!.user, questionId(id));
      return { deletedId: encodeGlobalID('TriviaQuestion', id.id) };
    },
  }),
}));

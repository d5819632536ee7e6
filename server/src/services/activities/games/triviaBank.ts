import { z } from 'zod';
import type { TriviaQuestion as TriviaRow } from '../../../generated/prisma/client';
import type { PrismaClient } from '../../../db';
import { LOCALES } from '../../../i18n';
import type { Locale } from '../../../i18n/locale';
import { audited, type AuditActor } from '../../audit';
import { NotFoundError } from '../../errors';
import { rules } from '../../validation';

/**
 * The trivia mini-game's question bank: multiple-choice questions, each in one language, edited by
 * admins (admin "Group calls" tab); a migration seeds the same eight in ru, en and fr. A game takes
 * a few at random in its host's language.
 */
export type TriviaQuestion = { prompt: string; options: string[]; correctIndex: number };

export const TRIVIA_MAX_OPTIONS = 6;

export const triviaQuestionInput = z
  .object({
    locale: z.enum(LOCALES as [Locale, ...Locale[]], { message: 'games.trivia.locale' }),
    prompt: rules.requiredText(500, 'activities.quiz.prompt'),
    options: z
      .array(rules.requiredText(200, 'activities.quiz.option'))
      .min(2, 'activities.quiz.options')
      .max(TRIVIA_MAX_OPTIONS, 'activities.quiz.options'),
    correctIndex: z.number().int(),
  })
  .refine((question) => question.correctIndex >= 0 && question.correctIndex < question.options.length, {
    path: ['correctIndex'],
    message: 'activities.quiz.correctIndex',
  });
export type TriviaQuestionInput = z.output<typeof triviaQuestionInput>;

/** `count` questions of the bank in `locale`, in a random order. */
export async function drawTriviaQuestions(
  prisma: PrismaClient,
  locale: Locale,
  count: number,
  random: () => number = Math.random,
): Promise<TriviaQuestion[]> {
  const pool = await prisma.triviaQuestion.findMany({
    where: { locale },
    select: { prompt: true, options: true, correctIndex: true },
    orderBy: { id: 'asc' },
  });
  for (let i = pool.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  return pool.slice(0, count);
}

const snapshot = (row: TriviaRow) => ({
  locale: row.locale,
  prompt: row.prompt,
  options: row.options,
  correctIndex: row.correctIndex,
});

export function createTriviaQuestion(prisma: PrismaClient, actor: AuditActor, input: TriviaQuestionInput) {
  return audited(prisma, { actor, action: 'trivia.create', targetType: 'trivia_question' }, async (tx) => {
    const created = await tx.triviaQuestion.create({ data: input });
    return { result: created, before: null, after: snapshot(created), targetId: created.id };
  });
}

export function updateTriviaQuestion(prisma: PrismaClient, actor: AuditActor, id: number, input: TriviaQuestionInput) {
  return audited(prisma, { actor, action: 'trivia.update', targetType: 'trivia_question', targetId: id }, async (tx) => {
    const before = await tx.triviaQuestion.findUnique({ where: { id } });
    if (!before) throw new NotFoundError('games.trivia.notFound');
    const after = await tx.triviaQuestion.update({ where: { id }, data: input });
    return { result: after, before: snapshot(before), after: snapshot(after) };
  });
}

export function deleteTriviaQuestion(prisma: PrismaClient, actor: AuditActor, id: number) {
  return audited(prisma, { actor, action: 'trivia.delete', targetType: 'trivia_question', targetId: id }, async (tx) => {
    const before = await tx.triviaQuestion.findUnique({ where: { id } });
    if (!before) throw new NotFoundError('games.trivia.notFound');
    await tx.triviaQuestion.delete({ where: { id } });
    return { result: before, before: snapshot(before), after: null };
  });
}

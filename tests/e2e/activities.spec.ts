import { expect, test, type Page } from '@playwright/test';
import { baseURL, callChromiumArgs, chromiumLaunchOptions } from './playwright.config';
import { enterRoomCall, hostAndGuest, openActivities } from './meeting';
import { expectNoSideScroll, unique, VIEWPORTS } from './support';

/**
 * Issue 18: two people in one room's call share one quiz. The host launches the ready-made questions,
 * both answer in their own browser (the server scores), and both see the same scoreboard.
 */

// Both join the room's call in the browser: a camera and microphone are needed (fake ones).
test.use({ launchOptions: chromiumLaunchOptions(callChromiumArgs) });

/** The ready-made Russian questions (server/src/services/activities/quizStarter.ts): the correct choice of each, then the text answer. */
const CORRECT = [1, 0, 2];
const TEXT_ANSWER = 'Париж';

/** Answers the four questions, choosing `choices` for the three multiple-choice ones; checks each answer's result. */
async function answerAll(page: Page, choices: number[]) {
  for (const [index, choice] of choices.entries()) {
    const question = page.getByTestId('quiz-question');
    await expect(question).toContainText(`Вопрос ${index + 1} из 4`);
    // "Next" stays disabled until an answer is chosen.
    await expect(question.getByTestId('quiz-next')).toBeDisabled();
    await question.getByTestId('quiz-option').nth(choice).check();
    await question.getByTestId('quiz-next').click();
    // Scored by the server: the player learns the correct answer only now.
    await expect(page.getByTestId('quiz-feedback')).toContainText(
      choice === CORRECT[index] ? `Вопрос ${index + 1}: верно!` : `Вопрос ${index + 1}: неверно`,
    );
  }
  const last = page.getByTestId('quiz-question');
  await expect(last).toContainText('Вопрос 4 из 4');
  await expect(last.getByTestId('quiz-next')).toHaveText('Завершить');
  await expect(last.getByTestId('quiz-next')).toBeDisabled();
  await last.getByTestId('quiz-text-answer').fill(` ${TEXT_ANSWER.toUpperCase()} `);
  await last.getByTestId('quiz-next').click();
  await expect(page.getByTestId('quiz-question')).toHaveCount(0);
}

// One browser at each size: the host on a phone, the guest on a desktop (games.spec.ts and drawing.spec.ts host on a desktop).
test('two people in one room answer the same quiz and see one scoreboard (a phone and a desktop)', async ({ browser }) => {
  test.setTimeout(150_000);
  const tag = unique();
  const roomName = `Викторина ${tag}`;
  const { host, guest } = await hostAndGuest(browser, baseURL, {
    firstNames: ['Ведущая', 'Гость'],
    lastName: `Викторина${tag}`,
    roomName,
    sizes: [VIEWPORTS.phone, VIEWPORTS.desktop],
  });

  // Outside a room the quiz cannot be launched, and says why (the spec's text).
  await openActivities(host.page);
  await expect(host.page.getByTestId('activity-launch-quiz')).toBeDisabled();
  await expect(host.page.getByTestId('activity-card-quiz').getByTestId('activity-join-room-first')).toHaveText(
    'Присоединитесь к комнате для запуска активности',
  );

  for (const { page } of [host, guest]) await enterRoomCall(page, roomName);

  // The host launches the ready-made questions.
  await openActivities(host.page);
  await host.page.getByTestId('activity-launch-quiz').click();
  const setup = host.page.getByTestId('quiz-setup');
  await setup.getByTestId('quiz-setup-starter').click();
  await expect(setup.getByTestId('quiz-setup-question')).toHaveCount(4);
  await setup.getByTestId('quiz-setup-launch').click();
  await expect(setup).toBeHidden();
  await expect(host.page.getByTestId('activity-running')).toBeVisible();
  await expect(host.page.getByTestId('activity-card-quiz').getByTestId('activity-status')).toHaveText('Идёт');

  // The guest sees it running (live): in the header, which activity and how many are in it; then in the tab, and joins.
  await expect(guest.page.getByTestId('room-activity-badge')).toHaveText('Викторина · участников: 1');
  await openActivities(guest.page);
  const running = guest.page.getByTestId('activity-running');
  await expect(running.getByTestId('activity-running-name')).toHaveText('Викторина');
  await expect(running.getByTestId('activity-players')).toHaveText(`Ведущая Викторина${tag}`);
  await running.getByTestId('activity-join').click();
  await expect(host.page.getByTestId('activity-players')).toHaveText(`Ведущая Викторина${tag}, Гость Викторина${tag}`);
  await expect(host.page.getByTestId('room-activity-badge')).toHaveText('Викторина · участников: 2');

  // Both answer: the host all right, the guest the first question wrong.
  await answerAll(host.page, CORRECT);
  await expect(host.page.getByTestId('quiz-waiting')).toBeVisible();
  await answerAll(guest.page, [0, ...CORRECT.slice(1)]);

  const expected = [`Ведущая Викторина${tag}4/4 (100%)`, `Гость Викторина${tag}3/4 (75%)`];
  for (const { page } of [host, guest]) {
    const board = page.getByTestId('quiz-scoreboard');
    await expect(board).toContainText('Итоги викторины');
    await expect(board.getByTestId('quiz-score-row')).toHaveText(expected);
  }
  await expect(guest.page.getByTestId('quiz-feedback')).toContainText('Вопрос 4: верно!');

  await expectNoSideScroll(host.page);
  await expect(host.page.getByTestId('activity-stop')).toBeInViewport();

  // The host stops it: the quiz is available again for both.
  await host.page.getByTestId('activity-stop').click();
  for (const { page } of [host, guest]) {
    await expect(page.getByTestId('activity-running')).toHaveCount(0);
    await expect(page.getByTestId('activity-card-quiz').getByTestId('activity-status')).toHaveText('Доступна');
    await expect(page.getByTestId('room-activity-badge')).toHaveCount(0);
  }
  await Promise.all([host.context.close(), guest.context.close()]);
});

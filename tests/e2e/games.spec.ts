import { expect, test } from '@playwright/test';
import { baseURL, callChromiumArgs, chromiumLaunchOptions } from './playwright.config';
import { enterRoomCall, hostAndGuest, openActivities } from './meeting';
import { expectNoSideScroll, unique, VIEWPORTS } from './support';

/**
 * Issue 18 point 4: a word chain between two browsers in one room. The host picks the game, the
 * guest joins, the host starts it; a word out of turn is refused by the server with its reason, the
 * turn moves on, and each sees the other's words live.
 */

// Both join the room's call in the browser: a camera and microphone are needed (fake ones).
test.use({ launchOptions: chromiumLaunchOptions(callChromiumArgs) });

// One browser at each size: the host on a desktop, the guest on a phone (activities.spec.ts hosts on a phone).
test('a word-chain move out of turn is refused, then the words go round in turn (a desktop and a phone)', async ({ browser }) => {
  test.setTimeout(150_000);
  const tag = unique();
  const roomName = `Игры ${tag}`;
  const { host, guest } = await hostAndGuest(browser, baseURL, {
    firstNames: ['Ведущая', 'Гость'],
    lastName: `Игра${tag}`,
    roomName,
    sizes: [VIEWPORTS.desktop, VIEWPORTS.phone],
  });
  for (const { page } of [host, guest]) await enterRoomCall(page, roomName);

  // The host picks the word chain and launches it; it waits for players.
  await openActivities(host.page);
  await host.page.getByTestId('activity-launch-games').click();
  const picker = host.page.getByTestId('game-picker');
  await expect(picker.getByTestId('game-option-trivia')).toContainText('Игроков: от 2 до 10');
  await picker.getByTestId('game-option-word_chain').click();
  await picker.getByTestId('game-picker-launch').click();
  await expect(picker).toBeHidden();
  const hostGame = host.page.getByTestId('mini-game');
  await expect(hostGame).toHaveAttribute('data-phase', 'WAITING');
  // One player is not enough for a word chain.
  await expect(hostGame.getByTestId('game-start')).toBeDisabled();

  await openActivities(guest.page);
  await guest.page.getByTestId('activity-running').getByTestId('activity-join').click();
  const guestGame = guest.page.getByTestId('mini-game');
  await expect(guestGame.getByTestId('game-waiting')).toContainText('Ведущий начнёт игру');
  await hostGame.getByTestId('game-start').click();
  for (const game of [hostGame, guestGame]) {
    await expect(game).toHaveAttribute('data-phase', 'PLAYING');
    await expect(game.getByTestId('game-order')).toContainText(`Ведущая Игра${tag}, Гость Игра${tag}`);
  }
  await expect(hostGame.getByTestId('game-turn')).toContainText('Ваш ход');
  await expect(guestGame.getByTestId('game-turn')).toContainText(`Ходит: Ведущая Игра${tag}`);

  // The guest plays out of turn: the server refuses it and nothing is added.
  await guestGame.getByTestId('word-chain-input').fill('арбуз');
  await guestGame.getByTestId('word-chain-send').click();
  await expect(guestGame.getByTestId('game-error')).toHaveText('Сейчас не ваш ход');
  await expect(hostGame.getByTestId('word-chain-word')).toHaveCount(0);

  // In turn: the host's word reaches the guest, whose word must start with its last letter.
  await hostGame.getByTestId('word-chain-input').fill('арбуз');
  await hostGame.getByTestId('word-chain-send').click();
  await expect(guestGame.getByTestId('word-chain-word')).toHaveText([`Ведущая Игра${tag}: арбуз`]);
  await expect(guestGame.getByTestId('word-chain-letter')).toHaveText('Следующее слово на букву «З»');
  await expect(guestGame.getByTestId('game-turn')).toContainText('Ваш ход');
  await guestGame.getByTestId('word-chain-input').fill('слон');
  await guestGame.getByTestId('word-chain-send').click();
  await expect(guestGame.getByTestId('game-error')).toHaveText('Слово должно начинаться на букву «З»');
  await guestGame.getByTestId('word-chain-input').fill('зебра');
  await guestGame.getByTestId('word-chain-send').click();
  await expect(hostGame.getByTestId('word-chain-word')).toHaveText([`Ведущая Игра${tag}: арбуз`, `Гость Игра${tag}: зебра`]);
  await expect(hostGame.getByTestId('game-turn')).toContainText('Ваш ход');

  await expectNoSideScroll(guest.page);
  await expect(guestGame.getByTestId('word-chain-send')).toBeInViewport();
  await Promise.all([host.context.close(), guest.context.close()]);
});

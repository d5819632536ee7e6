import { expect, test } from '@playwright/test';
import { registerAndLogin } from '../support/members';
import { openMeeting } from './meeting';
import { VIEWPORTS, unique } from './support';

/** Emoji reactions (issue 21 point 7): on message bubbles, live for the other member; on publication cards. */
test('a reaction to a message reaches the other member’s open chat live, and both see who reacted', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const [olga, pavel] = await Promise.all([
    registerAndLogin(baseURL!, { first_name: 'Olga', last_name: 'Реакция' }),
    registerAndLogin(baseURL!, { first_name: 'Pavel', last_name: 'Реакция' }),
  ]);
  const text = `Посмотри ${unique()}`;
  const sent = await fetch(`${baseURL}/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${olga.token}` },
    body: JSON.stringify({ receiver_id: pavel.member.id, content: text }),
  });
  expect(sent.status).toBe(201);

  const chat = (other: typeof olga) => `/social?section=messenger&recipient=${encodeURIComponent(other.member.globalId)}`;
  const olgaSide = await openMeeting(browser, baseURL!, olga.member, chat(pavel), VIEWPORTS.desktop);
  // Pavel is on a phone: everything is a tap, nothing needs hovering.
  const pavelSide = await openMeeting(browser, baseURL!, pavel.member, chat(olga), VIEWPORTS.phone);
  const bubble = (page: typeof olgaSide.page) => page.getByTestId('chat-message').filter({ hasText: text });
  await expect(bubble(olgaSide.page)).toBeVisible();
  await expect(bubble(pavelSide.page)).toBeVisible();

  // Pavel picks ❤️ from the picker under the message.
  const pavelBar = bubble(pavelSide.page).getByTestId('message-reactions');
  await pavelBar.getByRole('button', { name: 'Добавить реакцию' }).tap();
  await pavelBar.getByRole('group', { name: 'Выберите реакцию' }).getByRole('button', { name: 'Сердце' }).tap();
  const pavelHeart = pavelBar.getByTestId('reaction-HEART');
  await expect(pavelHeart).toHaveAttribute('aria-pressed', 'true');
  await expect(pavelHeart.getByTestId('reaction-count')).toHaveText('1');

  // Olga sees it without reloading, not marked as hers; she adds hers by tapping the chip.
  const olgaHeart = bubble(olgaSide.page).getByTestId('reaction-HEART');
  await expect(olgaHeart.getByTestId('reaction-count')).toHaveText('1');
  await expect(olgaHeart).toHaveAttribute('aria-pressed', 'false');
  await expect(olgaHeart).toHaveAccessibleName('Реакция «Сердце»: 1');
  await olgaHeart.click();
  await expect(olgaHeart).toHaveAttribute('aria-pressed', 'true');
  await expect(pavelHeart.getByTestId('reaction-count')).toHaveText('2');
  await expect(pavelHeart).toHaveAttribute('aria-pressed', 'true');

  // Who reacted: both of them, newest first.
  await pavelBar.getByRole('button', { name: 'Кто отреагировал' }).tap();
  const dialog = pavelSide.page.getByTestId('reactors-dialog');
  await expect(dialog.getByTestId('reactor')).toHaveCount(2);
  await expect(dialog.getByTestId('reactor').first()).toContainText('Olga Реакция');
  await expect(dialog.getByTestId('reactor').last()).toContainText('Pavel Реакция');
  const box = await dialog.boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  await dialog.getByRole('button', { name: 'Закрыть' }).tap();

  // A message that arrives live (without its reactions) takes reactions like any other.
  const reply = `Ответ ${unique()}`;
  await pavelSide.page.getByTestId('message-input').fill(reply);
  await pavelSide.page.getByTestId('message-input').press('Enter');
  const olgaReply = olgaSide.page.getByTestId('chat-message').filter({ hasText: reply });
  await olgaReply.getByRole('button', { name: 'Добавить реакцию' }).click();
  await olgaReply.getByTestId('reaction-pick-THUMBS_UP').click();
  const pavelReply = pavelSide.page.getByTestId('chat-message').filter({ hasText: reply });
  await expect(pavelReply.getByTestId('reaction-THUMBS_UP').getByTestId('reaction-count')).toHaveText('1');

  await olgaSide.context.close();
  await pavelSide.context.close();
});

for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  test(`a reaction to a publication is kept: its count shows after a reload (${name})`, async ({ browser, baseURL }) => {
    const author = await registerAndLogin(baseURL!);
    const text = `Публикация для реакций ${unique()}`;
    const published = await fetch(`${baseURL}/publications/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${author.token}` },
      body: JSON.stringify({ content: text }),
    });
    expect(published.status).toBe(201);
    const { page, context } = await openMeeting(browser, baseURL!, author.member, '/social', viewport);
    const card = page.getByTestId('publication').filter({ hasText: text });
    const bar = card.getByTestId('publication-reactions');
    const add = bar.getByRole('button', { name: 'Добавить реакцию' });
    // Escape closes the picker, the focus back on its button.
    await add.click();
    await bar.getByTestId('reaction-pick-WOW').focus();
    await page.keyboard.press('Escape');
    await expect(bar.getByTestId('reaction-picker')).toHaveCount(0);
    await expect(add).toBeFocused();
    await add.click();
    await bar.getByTestId('reaction-pick-PARTY').click();
    await expect(bar.getByTestId('reaction-PARTY').getByTestId('reaction-count')).toHaveText('1');
    // The like is a separate thing: untouched.
    await expect(card.getByTestId('like-count')).toHaveText('0');

    await page.reload();
    const party = page.getByTestId('publication').filter({ hasText: text }).getByTestId('reaction-PARTY');
    await expect(party.getByTestId('reaction-count')).toHaveText('1');
    await expect(party).toHaveAttribute('aria-pressed', 'true');
    await context.close();
  });
}

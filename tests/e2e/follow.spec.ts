import { expect, test } from '@playwright/test';
import { registerAndLogin } from '../support/members';
import { openMeeting } from './meeting';
import { VIEWPORTS, unique } from './support';

/** Following a member from their profile: the follower's feed gets their publications, they are told. */
for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  test(`a member follows another from the profile and sees their new publication in the feed (${name})`, async ({
    browser,
    baseURL,
  }) => {
    const [follower, author] = await Promise.all([registerAndLogin(baseURL!), registerAndLogin(baseURL!)]);
    const authorPage = await openMeeting(browser, baseURL!, author.member, '/dashboard', viewport);
    const followerPage = await openMeeting(browser, baseURL!, follower.member, `/profile/${author.member.username}`, viewport);
    const page = followerPage.page;

    await expect(page.getByTestId('counter-followers')).toHaveText('0');
    await page.getByTestId('follow-user').click();
    await expect(page.getByTestId('unfollow-user')).toBeVisible();
    await expect(page.getByTestId('counter-followers')).toHaveText('1');
    // The author is told at once.
    await expect(
      authorPage.page.getByText(`${follower.member.first_name} ${follower.member.last_name} подписался на ваши публикации`),
    ).toBeVisible();

    const text = `Новость для подписчиков ${unique()}`;
    const published = await fetch(`${baseURL}/publications/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${author.token}` },
      body: JSON.stringify({ content: text }),
    });
    expect(published.status).toBe(201);
    await page.goto('/social');
    await expect(page.getByTestId('publication').filter({ hasText: text })).toBeVisible();
    await followerPage.context.close();
    await authorPage.context.close();
  });
}

import { expect, test } from '@playwright/test';
import { registerAndLogin } from '../support/members';
import { openMeeting } from './meeting';
import { VIEWPORTS, unique } from './support';

/**
 * A mention (issue 21 point 5): the mentioned member is told live, the mention links to their
 * profile and the tag to its page, which lists the publication.
 */
for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  test(`a mention notifies the member and links to the profile, a tag opens its page (${name})`, async ({ browser, baseURL }) => {
    const [author, mentioned] = await Promise.all([
      registerAndLogin(baseURL!, { first_name: 'Анна' }),
      registerAndLogin(baseURL!, { first_name: 'Борис' }),
    ]);
    const mentionedPage = await openMeeting(browser, baseURL!, mentioned.member, '/dashboard', viewport);
    const authorPage = await openMeeting(browser, baseURL!, author.member, '/social', viewport);
    const page = authorPage.page;

    // A tag of its own per run, so the tag page lists this publication only.
    const tag = `встреча${unique()}`;
    const text = `@${mentioned.member.username} привет #${tag}`;
    // The composer opens from its prompt (waited for: the feed may still be loading).
    await page.getByTestId('composer-prompt').click();
    await page.getByTestId('composer-text').fill(text);
    await page.getByTestId('composer-publish').click();

    // The mentioned member is told at once, once.
    const told = mentionedPage.page.getByText(`${author.member.first_name} ${author.member.last_name} упомянул(а) вас`);
    await expect(told).toBeVisible();
    await expect(told).toHaveCount(1);

    const card = page.getByTestId('publication').filter({ hasText: 'привет' }).first();
    const mention = card.getByTestId('mention-link');
    await expect(mention).toHaveText(`@${mentioned.member.username}`);
    await expect(mention).toHaveAttribute('href', `/profile/${mentioned.member.username}`);

    await card.getByTestId('hashtag-link').click();
    await expect(page).toHaveURL(/section=tag/);
    await expect(page.getByTestId('tag-title')).toHaveText(`#${tag}`);
    await expect(page.getByTestId('tag-page').getByTestId('publication')).toHaveCount(1);
    await expect(page.getByTestId('tag-page').getByTestId('publication-content')).toHaveText(text);

    // The mention links to the member's profile.
    await page.getByTestId('tag-page').getByTestId('mention-link').click();
    await expect(page).toHaveURL(new RegExp(`/profile/${mentioned.member.username}$`));
    await expect(page.getByText(`${mentioned.member.first_name} ${mentioned.member.last_name}`).first()).toBeVisible();

    await mentionedPage.context.close();
    await authorPage.context.close();
  });
}

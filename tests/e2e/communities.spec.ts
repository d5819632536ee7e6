import { expect, test, type Page } from '@playwright/test';
import { registerAndLogin } from '../support/members';
import { openMeeting } from './meeting';
import { VIEWPORTS, unique } from './support';

/** Opens the communities section from the sidebar (collapsed into the page's top on a phone). */
async function openCommunities(page: Page) {
  await page.goto('/social?section=communities');
  await expect(page.getByTestId('communities')).toBeVisible();
}

/**
 * A by-request community end to end: a member creates it, another asks to join, the first approves,
 * the second publishes into it and the first reads it in the community's feed.
 */
for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  test(`a by-request community: create, request, approve, publish, read (${name})`, async ({ browser, baseURL }) => {
    const [owner, asker] = await Promise.all([registerAndLogin(baseURL!), registerAndLogin(baseURL!)]);
    const ownerSide = await openMeeting(browser, baseURL!, owner.member, '/dashboard', viewport);
    const askerSide = await openMeeting(browser, baseURL!, asker.member, '/dashboard', viewport);
    const title = `Клуб ${unique()}`;

    // The owner creates it: its page opens with them as owner.
    const page = ownerSide.page;
    await openCommunities(page);
    await expect(page.getByTestId('communities-mine-empty')).toBeVisible();
    await page.getByTestId('community-create').click();
    const dialog = page.getByTestId('community-create-dialog');
    await dialog.getByTestId('community-name').fill(title);
    await dialog.getByTestId('community-description').fill('Только для своих');
    await dialog.getByTestId('community-policy').selectOption('BY_REQUEST');
    await dialog.getByTestId('community-create-submit').click();
    await expect(page.getByTestId('community-name-heading')).toHaveText(title);
    await expect(page.getByTestId('community-viewer-role')).toHaveText('Владелец');
    await expect(page.getByTestId('community-members-count')).toHaveText('Участников: 1');
    const communityUrl = page.url();
    await openCommunities(page);
    await expect(page.getByTestId('communities-mine').getByTestId('community-row').filter({ hasText: title })).toBeVisible();

    // The other member finds it closed: no feed for them, a request instead of a join.
    const other = askerSide.page;
    await other.goto(communityUrl);
    await expect(other.getByTestId('community-feed-empty')).toContainText('видны только его участникам');
    await expect(other.getByTestId('community-join')).toHaveCount(0);
    await other.getByTestId('community-request').click();
    await expect(other.getByTestId('community-request-pending')).toBeVisible();
    await expect(other.getByTestId('community-cancel-request')).toBeVisible();
    // The owner is told at once.
    await expect(page.getByText(`хочет вступить в сообщество «${title}»`)).toBeVisible();

    // The owner approves from the requests tab.
    await page.goto(communityUrl);
    await page.getByTestId('community-tab-requests').click();
    const row = page.getByTestId('community-request-row').filter({ hasText: `@${asker.member.username}` });
    await row.getByTestId('community-request-approve').click();
    await expect(page.getByTestId('community-requests-empty')).toBeVisible();
    await expect(page.getByTestId('community-members-count')).toHaveText('Участников: 2');
    await expect(other.getByText(`Ваша заявка в сообщество «${title}» одобрена`)).toBeVisible();

    // The new member publishes into the community.
    await other.goto(communityUrl);
    await expect(other.getByTestId('community-viewer-role')).toHaveText('Участник');
    const text = `Первая публикация в клубе ${unique()}`;
    await other.getByTestId('composer-prompt').click();
    await other.getByTestId('composer-text').fill(text);
    await other.getByTestId('composer-publish').click();
    await expect(other.getByTestId('community-feed').getByTestId('publication').filter({ hasText: text })).toBeVisible();

    // The owner reads it in the community's feed, and sees the new member with their role.
    await page.goto(communityUrl);
    const published = page.getByTestId('community-feed').getByTestId('publication').filter({ hasText: text });
    await expect(published).toBeVisible();
    // As the owner they may remove it (moderation), not edit it.
    await expect(published.getByTestId('publication-delete')).toBeVisible();
    await expect(published.getByTestId('publication-edit')).toHaveCount(0);
    await page.getByTestId('community-tab-members').click();
    const member = page.locator(`[data-testid="community-member"][data-username="${asker.member.username}"]`);
    await expect(member.getByTestId('community-member-role')).toHaveText('Участник');
    await expect(member.getByTestId('community-member-remove')).toBeVisible();

    // Nothing overflows the phone's width.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    // The owner's way out: deleting it, after a confirmation; it leaves their list.
    await page.getByTestId('community-delete').click();
    await page.getByTestId('community-delete-confirm').click();
    await expect(page.getByTestId('communities')).toBeVisible();
    await expect(page.getByTestId('communities-mine-empty')).toBeVisible();
    await askerSide.context.close();
    await ownerSide.context.close();
  });
}

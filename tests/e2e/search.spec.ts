import { expect, test } from '@playwright/test';
import { registerAndLogin } from '../support/members';
import { openMeeting } from './meeting';
import { VIEWPORTS, unique } from './support';

/** The social area's search box: a publication is found by another form of its Russian word. */
for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  test(`searching "встречи" finds a publication about a "встреча", highlighted, linked to its author (${name})`, async ({
    browser,
    baseURL,
  }) => {
    const [reader, author] = await Promise.all([registerAndLogin(baseURL!), registerAndLogin(baseURL!)]);
    // A word of its own keeps other specs' publications out of this search.
    const tag = `метка${unique()}`;
    const text = `В субботу встреча выпускников у фонтана ${tag}`;
    const publish = (content: string) =>
      fetch(`${baseURL}/publications/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${author.token}` },
        body: JSON.stringify({ content }),
      }).then((response) => response.status);
    // 21 more than a page of 20 with the same words, then the one the test reads.
    for (let n = 1; n <= 21; n++) expect(await publish(`Встреча номер ${n} ${tag}`)).toBe(201);
    expect(await publish(text)).toBe(201);
    const { page, context } = await openMeeting(browser, baseURL!, reader.member, '/social', viewport);

    // Too little to search: the box says so and nothing is asked.
    await page.getByTestId('search-input').fill('a');
    await page.getByTestId('search-input').press('Enter');
    await expect(page.getByTestId('search-warning')).toHaveText('Введите минимум 2 буквы или цифры для поиска');

    await page.getByTestId('search-input').fill(`встречи ${tag}`);
    await page.getByTestId('search-submit').click();
    await expect(page).toHaveURL(/section=search/);
    const results = page.getByTestId('search-publication');
    await expect(results).toHaveCount(20);
    const found = results.filter({ hasText: 'фонтана' });
    await expect(found.getByTestId('search-publication-text')).toHaveText(text);
    await expect(found.locator('mark').first()).toHaveText('встреча');
    await expect(page.getByTestId('search-members-empty')).toBeVisible();
    await page.getByTestId('search-publications-more').click();
    await expect(results).toHaveCount(22);
    await expect(page.getByTestId('search-publications-more')).toBeHidden();

    // The address keeps the search: reloading shows the same first page.
    await page.reload();
    await expect(page.getByTestId('search-input')).toHaveValue(`встречи ${tag}`);
    await expect(results).toHaveCount(20);

    await found.click();
    await expect(page).toHaveURL(new RegExp(`/profile/${author.member.username}$`));

    // Members are found by the start of their username; the result opens the profile.
    await page.goto(`/social?section=search&q=${encodeURIComponent(author.member.username.slice(0, -2))}`);
    const member = page.getByTestId('search-member').filter({ hasText: `@${author.member.username}` });
    await expect(member).toBeVisible();
    await context.close();
  });
}

import { expect, test, type Page } from '@playwright/test';
import { logIn, unique } from './support';
import { registerMember, signIn } from '../support/members';
import { baseURL } from './playwright.config';

async function openContacts(page: Page, email: string) {
  await logIn(page, email, 'secret123');
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto('/social?section=contacts');
  await expect(page.getByTestId('my-contacts')).toBeVisible();
}

test('search, a live friend request, accept and decline, and the contacts grid', async ({ browser, request }) => {
  // Two signed-in browsers and three members: more than the default minute on a busy machine.
  test.setTimeout(120_000);
  const family = `Семёнов${unique()}`;
  const ivan = await registerMember(baseURL, { first_name: 'Ivan', last_name: family });
  const maria = await registerMember(baseURL, { first_name: 'Maria', last_name: family });
  const oleg = await registerMember(baseURL, { first_name: 'Oleg', last_name: family });
  const ivanPage = await (await browser.newContext()).newPage();
  const mariaPage = await (await browser.newContext()).newPage();
  await openContacts(ivanPage, ivan.email);
  await openContacts(mariaPage, maria.email);

  // Under 2 characters: the spec's warning and a disabled button; Enter does not search.
  const input = ivanPage.getByTestId('contact-search-input');
  await input.fill('S');
  await expect(ivanPage.getByTestId('contact-search-button')).toBeDisabled();
  await input.press('Enter');
  await expect(ivanPage.getByTestId('contact-search-warning')).toHaveText('Введите минимум 2 символа для поиска');

  // Enter searches; Ivan himself is not among the results.
  await input.fill(family);
  await input.press('Enter');
  const results = ivanPage.getByTestId('search-result');
  await expect(results).toHaveCount(2);
  const mariaResult = results.filter({ hasText: 'Maria' });
  await mariaResult.getByTestId('search-add').click();
  await expect(mariaResult.getByTestId('search-status')).toHaveText('Заявка отправлена');

  // Maria's open page shows the request without a reload, and she accepts it.
  const request1 = mariaPage.getByTestId('incoming-request');
  await expect(request1.getByTestId('incoming-request-name')).toHaveText(`Ivan ${family}`);
  await request1.getByTestId('accept-request').click();
  await expect(mariaPage.getByTestId('incoming-request')).toHaveCount(0);
  await expect(mariaPage.getByTestId('contact-card')).toHaveCount(1);
  await expect(mariaPage.getByTestId('contacts-count')).toHaveText('1');

  // Ivan's contacts follow live too; the card links to the profile.
  await expect(ivanPage.getByTestId('contact-card')).toHaveCount(1);
  await ivanPage.getByTestId('contact-profile-link').click();
  await expect(ivanPage).toHaveURL(new RegExp(`/profile/${maria.username}$`));

  // Oleg asks Maria; she declines.
  const { token } = await signIn(baseURL, oleg.email, oleg.password);
  const sent = await request.post(`/api/friends/request?friend_id=${maria.id}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(sent.status()).toBe(200);
  await expect(mariaPage.getByTestId('incoming-request-name')).toHaveText(`Oleg ${family}`);
  await mariaPage.getByTestId('decline-request').click();
  await expect(mariaPage.getByTestId('incoming-request')).toHaveCount(0);
  await expect(mariaPage.getByTestId('contact-card')).toHaveCount(1);
});

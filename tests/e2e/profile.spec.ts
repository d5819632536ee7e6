import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { registerMember } from '../support/members';
import { baseURL } from './playwright.config';
import { logInToDashboard } from './support';

async function signedInPage(browser: Browser, email: string, password: string) {
  const context = await browser.newContext({ locale: 'ru-RU' });
  const page = await context.newPage();
  await logInToDashboard(page, email, password);
  return page;
}

const png = (width = 400, height = 300) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 60, b: 90 } } })
    .png()
    .toBuffer();

test('a member edits their profile and uploads an avatar that shows in the header chip, all kept after reload', async ({
  page,
  request,
}) => {
  const member = await registerMember(baseURL, { first_name: 'Ирина', last_name: 'Белова' });
  await logInToDashboard(page, member.email, member.password);
  await page.getByTestId('user-chip').click();
  await expect(page).toHaveURL(new RegExp(`/profile/${member.username}$`));
  await expect(page.getByTestId('profile-name')).toHaveText('Ирина Белова');
  // One's own profile has no friendship actions, only settings and sharing.
  await expect(page.getByTestId('add-friend')).toHaveCount(0);
  await expect(page.getByTestId('block-user')).toHaveCount(0);

  await page.getByTestId('edit-profile').click();
  await page.getByTestId('edit-status').fill('На связи');
  await page.getByTestId('edit-bio').fill('Люблю горы.\nФотографирую.');
  await expect(page.getByTestId('bio-counter')).toHaveText('25/500');
  await page.getByTestId('edit-location').fill('Пермь');
  await page.getByTestId('edit-website').fill('irina.example.ru');
  await page.getByTestId('edit-birth-date').fill('1992-07-15');
  await page.getByTestId('save-profile').click();
  await expect(page.getByTestId('profile-saved')).toHaveText('Профиль успешно обновлен!');
  await expect(page.getByTestId('profile-status')).toHaveText('На связи');
  await expect(page.getByTestId('profile-website')).toHaveText('irina.example.ru');
  await expect(page.getByTestId('profile-birth-date')).toHaveText('15.07.1992');

  // Names are required; cancel throws the draft away.
  await page.getByTestId('edit-profile').click();
  await page.getByTestId('edit-first-name').fill('   ');
  await page.getByTestId('save-profile').click();
  await expect(page.getByTestId('profile-error')).toHaveText('Имя и фамилия обязательны для заполнения');
  await page.getByTestId('cancel-edit').click();
  await expect(page.getByTestId('profile-first-name')).toHaveText('Ирина');

  // A PNG named .jpg is an image: accepted, resized, shown in the header chip.
  await page.getByTestId('avatar-input').setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: await png() });
  await expect(page.getByTestId('user-chip-avatar')).toHaveAttribute(
    'src',
    /^\/uploads\/avatars\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.jpg$/,
  );
  await expect(page.getByTestId('profile-avatar').locator('img')).toHaveAttribute('src', /^\/uploads\/avatars\//);
  // A text file named .png is refused by the server (content check).
  await page
    .getByTestId('avatar-input')
    .setInputFiles({ name: 'note.png', mimeType: 'image/png', buffer: Buffer.from('not a picture') });
  await expect(page.getByTestId('image-upload-error')).toHaveText(
    'Ошибка загрузки аватара: Поддерживаются только файлы JPG и PNG',
  );
  // Over 5 MB is refused before uploading.
  const big = Buffer.concat([await png(10, 10), Buffer.alloc(5_242_881)]);
  await page.getByTestId('cover-input').setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: big });
  await expect(page.getByTestId('image-upload-error')).toHaveText(
    'Ошибка загрузки обложки: Размер файла не должен превышать 5MB',
  );
  await page.getByTestId('cover-input').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: await png(2000, 600) });
  await expect(page.getByTestId('profile-cover')).toHaveAttribute('data-image', /^\/uploads\/covers\//);

  await page.reload();
  await expect(page.getByTestId('profile-status')).toHaveText('На связи');
  await expect(page.getByTestId('profile-bio')).toHaveText('Люблю горы.\nФотографирую.');
  await expect(page.getByTestId('profile-location')).toHaveText('Пермь');
  await expect(page.getByTestId('user-chip-avatar')).toHaveAttribute('src', /^\/uploads\/avatars\//);
  const avatar = await page.getByTestId('user-chip-avatar').getAttribute('src');
  const served = await request.get(avatar!);
  expect(served.headers()['cache-control']).toContain('immutable');
  expect((await sharp(await served.body()).metadata()).width).toBe(256);
});

/** Resolves once the page has sent the graphql-ws `subscribe` of the named operation. */
function subscribed(page: Page, operationName: string) {
  return new Promise<void>((resolve) =>
    page.on('websocket', (socket) =>
      socket.on('framesent', ({ payload }) => {
        if (typeof payload === 'string' && payload.includes('"subscribe"') && payload.includes(operationName)) resolve();
      }),
    ),
  );
}

test('friend request accepted live, then block and unblock between two members', async ({ browser }) => {
  // Two members' pages through sixteen steps, with reloads: more than the default minute on a busy machine.
  test.setTimeout(90_000);
  const olga = await registerMember(baseURL, { first_name: 'Ольга', last_name: 'Зайцева' });
  const pavel = await registerMember(baseURL, { first_name: 'Павел', last_name: 'Громов' });
  const olgaPage = await signedInPage(browser, olga.email, olga.password);
  const pavelPage = await signedInPage(browser, pavel.email, pavel.password);
  await olgaPage.goto(`/profile/${pavel.username}`);
  // A fresh page's notifications subscription receives what comes after it started: the request waits for it.
  const pavelListening = subscribed(pavelPage, 'NotificationsListenerSubscription');
  await pavelPage.goto(`/profile/${olga.username}`);
  await pavelListening;
  await expect(pavelPage.getByTestId('add-friend')).toBeVisible();
  await expect(olgaPage.getByTestId('counter-contacts')).toHaveText('0');

  await olgaPage.getByTestId('add-friend').click();
  await expect(olgaPage.getByTestId('friendship-state')).toHaveText('Заявка отправлена');
  // Pavel's open page learns of the request without a reload.
  await expect(pavelPage.getByTestId('toast').filter({ hasText: 'Ольга Зайцева хочет добавить вас в друзья' })).toBeVisible();
  await expect(pavelPage.getByTestId('accept-request')).toBeVisible();

  await pavelPage.getByTestId('accept-request').click();
  await expect(pavelPage.getByTestId('friendship-state')).toHaveText('Друг');
  await expect(olgaPage.getByTestId('friendship-state')).toHaveText('Друг');
  await expect(olgaPage.getByTestId('counter-contacts')).toHaveText('1');
  await olgaPage.getByTestId('tab-friends').click();
  await expect(olgaPage.getByTestId('friend-link')).toHaveText(/Ольга Зайцева/);

  // Blocking asks first, ends the friendship and stops requests.
  await pavelPage.getByTestId('block-user').click();
  await pavelPage.getByTestId('confirm-ok').click();
  await expect(pavelPage.getByTestId('friendship-state')).toHaveText('Заблокирован');
  await expect(pavelPage.getByTestId('write-message')).toHaveCount(0);
  // A block hides each member from the other: to Olga, Pavel's profile no longer exists.
  await olgaPage.reload();
  await expect(olgaPage.getByTestId('profile-not-found')).toBeVisible();
  await expect(olgaPage.getByTestId('add-friend')).toHaveCount(0);

  await pavelPage.getByTestId('unblock-user').click();
  await pavelPage.getByTestId('confirm-ok').click();
  await expect(pavelPage.getByTestId('add-friend')).toBeVisible();
  await olgaPage.reload();
  await expect(olgaPage.getByTestId('add-friend')).toBeVisible();
  await olgaPage.context().close();
  await pavelPage.context().close();
});

test('sharing a contact copies the links without staff lines, else offers the text to copy by hand', async ({ browser }) => {
  const context = await browser.newContext({ locale: 'ru-RU', permissions: ['clipboard-read', 'clipboard-write'] });
  const page = await context.newPage();
  await logInToDashboard(page, 'anna@linkup.ru', 'user123');
  await page.goto('/profile/admin');
  await page.getByTestId('share-contact').click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Контакт скопирован в буфер обмена' })).toBeVisible();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  const origin = new URL(page.url()).origin;
  expect(copied).toContain('Александр Смирнов (@admin)');
  expect(copied).toContain(`${origin}/profile/admin`);
  expect(copied).toContain(`${origin}/social`);
  expect(copied).toContain(`${origin}/video-calls`);
  // The seeded bio "Администратор платформы LinkUp" starts with a staff marker.
  expect(copied).not.toContain('Администратор платформы');
  await context.close();

  const blocked = await browser.newContext({ locale: 'ru-RU' });
  await blocked.addInitScript(() => {
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: () => Promise.reject(new Error('denied')) } });
    document.execCommand = () => false;
  });
  const manual = await blocked.newPage();
  await logInToDashboard(manual, 'anna@linkup.ru', 'user123');
  await manual.goto('/profile/dmitry');
  await manual.getByTestId('share-contact').click();
  await expect(manual.getByTestId('manual-copy-dialog')).toBeVisible();
  await expect(manual.getByTestId('manual-copy-text')).toHaveValue(/Дмитрий Петров \(@dmitry\)[\s\S]*\/profile\/dmitry/);
  await blocked.close();
});

test('profile settings: names, a taken username, phone verification with the logged code, password change', async ({ page }) => {
  const member = await registerMember(baseURL, { first_name: 'Глеб', last_name: 'Орлов' });
  await logInToDashboard(page, member.email, member.password);
  await page.goto('/profile-settings');
  await page.getByTestId('settings-middle-name').fill('Андреевич');
  await page.getByTestId('settings-save').click();
  await expect(page.getByTestId('settings-notice-success')).toHaveText('Настройки профиля успешно обновлены');
  await expect(page.getByTestId('settings-notice-success')).toBeHidden({ timeout: 8_000 });
  await page.getByTestId('settings-username').fill('anna');
  await expect(page.getByTestId('username-taken')).toHaveText('Это имя пользователя уже занято');
  await expect(page.getByTestId('settings-save')).toBeDisabled();

  await page.getByTestId('settings-tab-phone').click();
  await page.getByTestId('send-code').click();
  await expect(page.getByTestId('settings-notice-error')).toHaveText('Введите номер телефона');
  const phone = `+7916${String(Date.now()).slice(-7)}`;
  await page.getByTestId('settings-phone').fill(phone);
  await page.getByTestId('send-code').click();
  await expect(page.getByTestId('settings-notice-success')).toHaveText('Код подтверждения отправлен на ваш телефон');
  await expect(page.getByTestId('settings-notice-info')).toHaveText(
    'SMS-провайдер не настроен: код подтверждения записан в журнал сервера',
  );
  const outbox = path.join(process.env.E2E_DATA_DIR!, 'sms-outbox', `${phone}.txt`);
  const code = /(\d{6})/.exec(fs.readFileSync(outbox, 'utf8'))![1]!;
  await page.getByTestId('verification-code').fill(code === '000000' ? '111111' : '000000');
  await page.getByTestId('verify-code').click();
  await expect(page.getByTestId('settings-notice-error')).toHaveText('Неверный код подтверждения. Осталось попыток: 4');
  await page.getByTestId('verification-code').fill(code);
  await page.getByTestId('verify-code').click();
  await expect(page.getByTestId('settings-notice-success')).toHaveText('Телефон успешно подтвержден');
  await expect(page.getByTestId('phone-verified')).toContainText('Телефон подтвержден');
  await expect(page.getByTestId('settings-phone')).toHaveValue(phone);
  await expect(page.getByTestId('send-code')).toHaveCount(0);

  await page.getByTestId('settings-tab-password').click();
  await page.getByTestId('current-password').fill('wrong-one');
  await page.getByTestId('new-password').fill('another1');
  await page.getByTestId('confirm-password').fill('another2');
  await page.getByTestId('change-password').click();
  // Each tab keeps its own notices; the password tab's are the visible ones now.
  const notice = (status: string) => page.getByTestId(`settings-notice-${status}`).filter({ visible: true });
  await expect(notice('error')).toHaveText('Пароли не совпадают');
  await page.getByTestId('confirm-password').fill('another1');
  await page.getByTestId('change-password').click();
  await expect(notice('error')).toHaveText('Неверный текущий пароль');
  await page.getByTestId('current-password').fill(member.password);
  await page.getByTestId('change-password').click();
  await expect(notice('success')).toHaveText('Пароль успешно изменен');
});

test('the dashboard counts live; a moderator searches the user list and opens a profile; unknown profiles say so', async ({
  page,
}) => {
  await logInToDashboard(page, 'moderator@linkup.ru', 'moder123');
  await expect(page.getByTestId('stat-users-value')).toHaveText(/^[1-9]\d*$/);
  await expect(page.getByTestId('stat-friendships-value')).toHaveText(/^[1-9]\d*$/);
  await expect(page.getByTestId('activity-friends')).toHaveText('2');
  await expect(page.getByTestId('platform-box')).toBeVisible();

  await page.getByTestId('nav-users').filter({ visible: true }).click();
  await expect(page.getByTestId('user-row').first()).toBeVisible();
  // By name: a moderator's search does not match emails the members keep from them (privacy).
  await page.getByTestId('users-search').fill('Иванова');
  await expect(page.getByTestId('user-row')).toHaveCount(1);
  await expect(page.getByTestId('user-row')).toContainText('Анна Иванова');
  // A text longer than the server takes (100 characters) stops at 100: the list is not swapped for an error for good.
  await page.getByTestId('users-search').fill('я'.repeat(120));
  await expect(page.getByTestId('users-search')).toHaveValue('я'.repeat(100));
  await expect(page.getByTestId('users-empty')).toBeVisible();
  await expect(page.getByTestId('users-error')).toHaveCount(0);
  await page.getByTestId('users-search').fill('Иванова');
  await expect(page.getByTestId('user-row')).toHaveCount(1);
  await page.getByTestId('user-link').click();
  await expect(page).toHaveURL(/\/profile\/anna$/);
  await expect(page.getByTestId('profile-name')).toHaveText('Анна Иванова');

  await page.goto('/profile/nobody_like_this');
  await expect(page.getByTestId('profile-not-found')).toContainText('Пользователь с именем @nobody_like_this не найден');
  await page.getByTestId('back-home').click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('time to interactive of a profile page (full load), for the report', async ({ page }) => {
  await logInToDashboard(page, 'anna@linkup.ru', 'user123');
  await page.goto('/profile/dmitry');
  await expect(page.getByTestId('profile-actions')).toBeVisible();
  const interactive = await page.evaluate(() => performance.getEntriesByName('profile:interactive')[0]?.startTime);
  expect(interactive).toBeGreaterThan(0);
  test.info().annotations.push({ type: 'profile time to interactive', description: `${Math.round(interactive!)} ms` });
  console.log(`profile page time to interactive (navigation start to data on screen): ${Math.round(interactive!)} ms`);
});

import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { logIn, unique } from './support';

test('a new member registers, logs in, reads the dashboard in ru, en and fr, and logs out', async ({ page }) => {
  const tag = unique();
  const email = `e2e.${tag}@example.ru`;
  await page.goto('/login');

  await page.getByRole('tab', { name: 'Регистрация' }).click();
  await page.getByLabel('Имя', { exact: true }).fill('Екатерина');
  await page.getByLabel('Фамилия').fill('Соколова');
  await page.getByLabel('Имя пользователя').fill(`katya_${tag}`);
  await page.getByTestId('register-email').fill(email);
  await page.getByTestId('register-password').fill('secret123');
  await page.getByTestId('register-submit').click();

  // Registration switches to the login tab with the form cleared.
  await expect(page.getByRole('tab', { name: 'Вход' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('login-email')).toHaveValue('');
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill('secret123');
  await page.getByTestId('login-submit').click();

  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('welcome-heading')).toHaveText('Добро пожаловать, Екатерина!');
  await expect(page.getByTestId('user-chip')).toContainText('Екатерина Соколова');
  await expect(page.getByTestId('user-chip').getByTestId('role-badge')).toHaveText('Пользователь');
  // A plain member has neither the moderator nor the admin link.
  await expect(page.getByTestId('nav-users')).toHaveCount(0);
  await expect(page.getByTestId('nav-admin')).toHaveCount(0);
  // Dates in the ru-RU format.
  await expect(page.getByTestId('registration-date')).toHaveText(/^\d{2}\.\d{2}\.\d{4}$/);

  await page.getByTestId('language-select').selectOption('en');
  await expect(page.getByTestId('welcome-heading')).toHaveText('Welcome, Екатерина!');
  await expect(page.getByTestId('logout-button')).toHaveText('Log out');
  await page.getByTestId('language-select').selectOption('fr');
  await expect(page.getByTestId('welcome-heading')).toHaveText('Bienvenue, Екатерина !');
  await expect(page.getByTestId('logout-button')).toHaveText('Se déconnecter');
  // The choice survives a reload.
  await page.reload();
  await expect(page.getByTestId('welcome-heading')).toHaveText('Bienvenue, Екатерина !');

  await page.getByTestId('logout-button').click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
});

test("a wrong password shows the spec's text and keeps the visitor on the login page", async ({ page }) => {
  await logIn(page, 'admin@linkup.ru', 'not-the-password');
  await expect(page.getByTestId('login-error')).toHaveText('Неверный email или пароль');
  await expect(page).toHaveURL(/\/login$/);
});

test('the demo admin reaches the dashboard with the admin navigation; a plain member is kept out of /admin', async ({
  page,
  browser,
}) => {
  await logIn(page, 'admin@linkup.ru', 'admin123');
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('user-chip').getByTestId('role-badge')).toHaveText('Админ');
  await expect(page.getByTestId('nav-admin').filter({ visible: true })).toBeVisible();
  await expect(page.getByTestId('nav-users').filter({ visible: true })).toBeVisible();

  const member = await browser.newPage();
  await logIn(member, 'anna@linkup.ru', 'user123');
  await expect(member).toHaveURL(/\/dashboard$/);
  await member.goto('/admin');
  await expect(member).toHaveURL(/\/dashboard$/);
  await member.goto('/users');
  await expect(member).toHaveURL(/\/dashboard$/);
  await member.close();
});

test('password recovery: the mailed link sets a new password', async ({ page, request }) => {
  const tag = unique();
  const email = `reset.${tag}@example.ru`;
  const registered = await request.post('/auth/register', {
    data: { first_name: 'Павел', last_name: 'Орлов', username: `pavel_${tag}`, email, password: 'old-secret' },
  });
  expect(registered.status()).toBe(201);

  await page.goto('/login');
  await page.getByTestId('forgot-password').click();
  await page.getByTestId('recovery-email').fill(email);
  await page.getByTestId('recovery-submit').click();
  await expect(page.getByTestId('login-notice')).toBeVisible();

  const outbox = path.join(process.env.E2E_DATA_DIR!, 'outbox');
  let link: string | undefined;
  await expect
    .poll(() => {
      for (const file of fs.existsSync(outbox) ? fs.readdirSync(outbox) : []) {
        const mail = fs.readFileSync(path.join(outbox, file), 'utf8');
        if (mail.includes(`To: ${email}`)) link = /(http:\/\/\S+\/reset-password\?token=\S+)/.exec(mail)?.[1];
      }
      return link;
    })
    .toBeTruthy();

  await page.goto(link!);
  await page.getByTestId('reset-password').fill('new-secret');
  await page.getByTestId('reset-password-confirm').fill('new-secret');
  await page.getByTestId('reset-submit').click();
  await expect(page.getByTestId('reset-success')).toBeVisible();

  await logIn(page, email, 'new-secret');
  await expect(page).toHaveURL(/\/dashboard$/);
});

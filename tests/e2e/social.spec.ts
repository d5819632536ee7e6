import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { expect, test, type Page } from '@playwright/test';
import { signIn } from '../support/members';
import { baseURL } from './playwright.config';
import { logInToDashboard, unique } from './support';

/** A PNG of one colour, as a file for an <input type=file>. */
async function png(name: string, color: string) {
  const buffer = await sharp({ create: { width: 320, height: 240, channels: 3, background: color } })
    .png()
    .toBuffer();
  return { name, mimeType: 'image/png', buffer };
}

/** A short WebM (VP8, which every Chromium plays) made with ffmpeg. */
function webm(name: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'linkup-e2e-video-'));
  const file = path.join(dir, 'clip.webm');
  try {
    execFileSync('ffmpeg', [
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      'testsrc=s=320x240:d=3:r=25',
      '-c:v',
      'libvpx',
      '-b:v',
      '300k',
      '-y',
      file,
    ]);
    return { name, mimeType: 'video/webm', buffer: fs.readFileSync(file) };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

async function openSocial(page: Page, email: string, section?: string) {
  await logInToDashboard(page, email, 'user123');
  await page.goto(section ? `/social?section=${section}` : '/social');
}

test('a member publishes text with two images and a place; a contact sees it, likes it and comments', async ({ browser }) => {
  const text = `Прогулка по Москве ${unique()}`;
  const context = await browser.newContext({
    geolocation: { latitude: 55.75393, longitude: 37.620795 },
    permissions: ['geolocation'],
  });
  // Reverse geocoding goes through our server to the fake geocoder (playwright.config.ts), which knows this square.
  const anna = await context.newPage();
  await openSocial(anna, 'anna@linkup.ru');

  await anna.getByTestId('composer-prompt').click();
  const publish = anna.getByTestId('composer-publish');
  await expect(publish).toBeDisabled(); // neither text nor a file yet
  await anna.getByTestId('composer-text').fill(text);
  await anna.getByTestId('composer-files').setInputFiles([await png('first.png', '#2b6cb0'), await png('second.png', '#c53030')]);
  await expect(anna.getByTestId('composer-attachments').locator('img')).toHaveCount(2);
  await anna.getByTestId('composer-place-button').click();
  await anna.getByTestId('place-locate').click();
  await expect(anna.getByTestId('place-address')).toHaveValue('Красная площадь, Москва');
  await anna.getByTestId('place-provider').selectOption('yandex');
  await anna.getByTestId('place-choose').click();
  await expect(anna.getByTestId('composer-place')).toHaveText('Красная площадь, Москва');
  await publish.click();
  await expect(anna.getByText('Публикация успешно создана!')).toBeVisible();

  const mine = anna.getByTestId('publication').filter({ hasText: text });
  await expect(mine.getByTestId('publication-media').locator('img')).toHaveCount(2);
  await expect(mine.getByTestId('publication-map-link')).toHaveAttribute(
    'href',
    'https://yandex.ru/maps/?pt=37.620795,55.75393&z=16&l=map',
  );
  // Time in the user's locale (ru-RU).
  await expect(mine.getByTestId('publication-time')).toHaveText(/^\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}$/);
  // The images are thumbnails the server made (JPEG), loaded from the media path.
  const src = await mine.getByTestId('publication-media').locator('img').first().getAttribute('src');
  expect(src).toMatch(/^\/publications\/media\/[0-9a-f-]{36}\.png\?thumbnail=true$/);
  const thumbnail = await anna.request.get(src!);
  expect(thumbnail.headers()['content-type']).toBe('image/jpeg');

  const dmitry = await browser.newPage();
  await openSocial(dmitry, 'dmitry@linkup.ru');
  const seen = dmitry.getByTestId('publication').filter({ hasText: text });
  await expect(seen).toBeVisible();
  await expect(seen.getByTestId('publication-place')).toContainText('Красная площадь, Москва');
  await expect(seen.getByTestId('publication-edit')).toHaveCount(0); // not the author

  await seen.getByTestId('like-button').click();
  await expect(seen.getByTestId('like-count')).toHaveText('1');
  await expect(seen.getByTestId('like-button')).toHaveAttribute('aria-pressed', 'true');
  await seen.getByTestId('comment-input').fill('Красота!');
  await seen.getByTestId('comment-send').click();
  await expect(seen.getByTestId('comment-text')).toHaveText(['Красота!']);
  // A blank comment is not sent.
  await seen.getByTestId('comment-input').fill('   ');
  await expect(seen.getByTestId('comment-send')).toBeDisabled();

  await anna.reload();
  const reloaded = anna.getByTestId('publication').filter({ hasText: text });
  await expect(reloaded.getByTestId('like-count')).toHaveText('1');
  await expect(reloaded.getByTestId('comment-text')).toHaveText(['Красота!']);

  // The author edits (inline) and deletes (after confirming).
  await reloaded.getByTestId('publication-edit').click();
  await reloaded.getByTestId('publication-edit-text').fill(`${text} (исправлено)`);
  await reloaded.getByTestId('publication-edit-save').click();
  await expect(reloaded.getByTestId('publication-content')).toHaveText(`${text} (исправлено)`);
  await reloaded.getByTestId('publication-delete').click();
  await anna.getByTestId('publication-delete-confirm').click();
  await expect(anna.getByText('Публикация удалена')).toBeVisible();
  await expect(anna.getByTestId('publication').filter({ hasText: text })).toHaveCount(0);
  await context.close();
});

/** Records every alert/confirm/prompt the page opens (and dismisses it). */
function dialogsOf(page: Page) {
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  return dialogs;
}

const xssEffect = (page: Page) => page.evaluate(() => (window as { __xss?: string }).__xss);

test('a stored <img onerror> or <script> in a publication or a comment shows as text and runs nothing', async ({
  page,
  browser,
  request,
}) => {
  const tag = unique();
  const attack = `<img src=x onerror="window.__xss='img';alert('img')"><script>window.__xss='script';alert('script')</script> ${tag}`;
  const { token } = await signIn(baseURL, 'anna@linkup.ru', 'user123');
  const created = await request.post('/publications/', {
    headers: { authorization: `Bearer ${token}` },
    data: { content: attack },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  const comment = await request.post(`/publications/${id}/comments`, {
    headers: { authorization: `Bearer ${token}` },
    form: { comment_text: `<script>window.__xss='comment'</script><img src=y onerror="alert('comment')"> ${tag}` },
  });
  expect(comment.status()).toBe(201);

  const dialogs = dialogsOf(page);
  await openSocial(page, 'elena@linkup.ru'); // a contact of Anna
  const publication = page.getByTestId('publication').filter({ hasText: tag }).first();
  await expect(publication.getByTestId('publication-content')).toHaveText(attack);
  await expect(publication.getByTestId('comment-text')).toContainText(`<script>window.__xss='comment'</script>`);
  // No element was made from the text: no image with that source, no script.
  await expect(publication.locator('img[src="x"], img[src="y"], script')).toHaveCount(0);
  await page.waitForTimeout(500); // time for an onerror to fire, if an element had been made
  expect(dialogs).toEqual([]);
  expect(await xssEffect(page)).toBeUndefined();

  // The author's own feed shows it the same way.
  const author = await browser.newPage();
  const authorDialogs = dialogsOf(author);
  await openSocial(author, 'anna@linkup.ru');
  await expect(author.getByTestId('publication').filter({ hasText: tag }).first().getByTestId('publication-content')).toHaveText(
    attack,
  );
  await author.waitForTimeout(500);
  expect(authorDialogs).toEqual([]);
  expect(await xssEffect(author)).toBeUndefined();
  await author.close();
});

test('photos and videos: uploads, titles, the full-screen viewer, and a video that pauses and plays on click', async ({
  page,
}) => {
  await openSocial(page, 'olga@linkup.ru', 'photos');
  await expect(page.getByTestId('gallery-empty')).toBeVisible();

  // A non-image is refused with the spec's text before anything is sent.
  await page
    .getByTestId('gallery-files')
    .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(page.getByTestId('gallery-error')).toHaveText('Файл notes.txt не является изображением');

  await page.getByTestId('gallery-title').fill('Отпуск');
  await page.getByTestId('gallery-files').setInputFiles([await png('a.png', '#38a169'), await png('b.png', '#d69e2e')]);
  await expect(page.getByText('2 фото успешно загружено!')).toBeVisible();
  await expect(page.getByTestId('gallery-item')).toHaveCount(2);
  await expect(page.getByTestId('gallery-item-title')).toHaveText(['Отпуск', 'Отпуск']);

  await page.getByTestId('gallery-files').setInputFiles([await png('c.png', '#805ad5')]);
  await expect(page.getByText('1 фото успешно загружено!')).toBeVisible();
  await expect(page.getByTestId('gallery-item-title').first()).toHaveText('Без названия');

  await page.getByTestId('gallery-item').first().click();
  const viewer = page.getByTestId('media-viewer');
  await expect(viewer.getByTestId('viewer-image')).toBeVisible();
  await expect(viewer).toContainText('1 / 3');
  await page.keyboard.press('ArrowRight');
  await expect(viewer).toContainText('2 / 3');
  await viewer.getByTestId('viewer-close').click();
  await expect(viewer).toHaveCount(0);

  await page.getByTestId('social-section-videos').click();
  await expect(page).toHaveURL(/section=videos/);
  await page.getByTestId('gallery-files').setInputFiles([webm('clip.webm')]);
  await expect(page.getByText('1 видео успешно загружено!')).toBeVisible();
  await expect(page.getByTestId('gallery-item')).toHaveCount(1);
  await expect(page.getByTestId('gallery-item')).toContainText('0:03');
  await page.getByTestId('gallery-item').click();
  const video = page.getByTestId('viewer-video');
  await expect(video).toBeVisible();
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState)).toBeGreaterThan(0);
  const pausedBefore = await video.evaluate((element: HTMLVideoElement) => element.paused);
  await video.click();
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.paused)).toBe(!pausedBefore);
  await video.click();
  await expect.poll(() => video.evaluate((element: HTMLVideoElement) => element.paused)).toBe(pausedBefore);
});

test('the sections of /social: contacts, messenger, bookmarks, communities and files open', async ({ page }) => {
  await openSocial(page, 'sergey@linkup.ru');
  await expect(page.getByTestId('composer-prompt')).toBeVisible();
  // A publication of the feed bookmarked is found in the bookmarks section.
  const first = page.getByTestId('publication').first();
  const id = (await first.getAttribute('data-publication-id'))!;
  await first.getByTestId('bookmark-button').click();
  await expect(first.getByTestId('bookmark-button')).toHaveAttribute('aria-pressed', 'true');
  await page.getByTestId('social-section-bookmarks').click();
  await expect(page.getByTestId('bookmarks').getByTestId('publication').first()).toHaveAttribute('data-publication-id', id);
  await page.getByTestId('social-section-contacts').click();
  await expect(page.getByTestId('my-contacts')).toBeVisible();
  await page.getByTestId('social-section-messenger').click();
  await expect(page.getByTestId('messenger')).toBeVisible();
  await page.getByTestId('social-section-communities').click();
  await expect(page.getByTestId('communities-suggested')).toBeVisible();
  await page.getByTestId('social-section-files').click();
  await expect(page.getByTestId('files').or(page.getByTestId('files-empty'))).toBeVisible();
  await page.getByTestId('social-section-publications').click();
  await expect(page.getByTestId('composer-prompt')).toBeVisible();
});

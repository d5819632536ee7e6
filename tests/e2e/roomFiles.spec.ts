import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { registerMember, signIn } from '../support/members';
import { baseURL, callChromiumArgs, chromiumLaunchOptions } from './playwright.config';
import { createRoom, joinRoom, openMeeting, showSidePanel } from './meeting';
import { unique, VIEWPORTS } from './support';
import { ADMIN, api, professional } from './roomFilesSupport';

// The uploader joins the room in the browser: a camera and microphone are needed (fake ones).
test.use({ launchOptions: chromiumLaunchOptions(callChromiumArgs) });

/** A PDF of 30 MB made on the fly: the signature, then filler. */
const thirtyMegabytePdf = () => {
  const bytes = Buffer.alloc(30 * 1024 * 1024, 0x20);
  bytes.write('%PDF-1.4\n');
  return bytes;
};

test(`a 30 MB room file uploads with a progress bar, downloads for another member, not for a stranger (desktop)`, async ({
  browser,
}, testInfo) => {
  test.setTimeout(120_000);
  const tag = unique();
  const [uploader, other, stranger] = await Promise.all(
    ['Загрузчица', 'Участник', 'Чужой'].map((first) => registerMember(baseURL, { first_name: first, last_name: `Файлы${tag}` })),
  );
  const adminToken = (await signIn(baseURL, ADMIN.email, ADMIN.password)).token;
  const uploaderToken = (await signIn(baseURL, uploader.email, uploader.password)).token;
  await professional(uploader, uploaderToken, adminToken);
  const roomName = `Файлы ${tag}`;
  const roomId = await createRoom(baseURL, uploaderToken, roomName);

  // The other member joins the room through the API (no second browser in the call): they share its files.
  const otherToken = (await signIn(baseURL, other.email, other.password)).token;
  const joined = await api('POST', '/graphql', otherToken, {
    query: 'mutation($roomId: ID!) { joinRoom(roomId: $roomId) { __typename } }',
    variables: { roomId: Buffer.from(`Room:${roomId}`).toString('base64') },
  });
  expect(joined.body.data.joinRoom.__typename).toBe('JoinRoomSuccess');

  const { page, context } = await openMeeting(browser, baseURL, uploader, '/video-calls', VIEWPORTS.desktop);
  await showSidePanel(page);
  await joinRoom(page, roomName);
  await page.getByTestId('tab-files').click();
  await expect(page.getByTestId('room-files')).toBeVisible();

  const name = `Отчёт ${tag}.pdf`;
  const bytes = thirtyMegabytePdf();
  // From a file on disk: the browser reads it itself (a 30 MB buffer sent over the protocol is slow).
  const file = path.join(testInfo.outputPath(), name);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, bytes);
  // Every value the progress bar shows, recorded in the page: on loopback the whole upload may take
  // less than one of Playwright's polls, so a poll alone can miss the bar between 0 and done.
  await page.evaluate(() => {
    const seen: number[] = [];
    Object.assign(window, { progressSeen: seen });
    new MutationObserver(() => {
      const bar = document.querySelector('[data-testid="room-file-progress"] [role="progressbar"]');
      const value = bar && Number(bar.getAttribute('aria-valuenow'));
      if (value !== null && seen.at(-1) !== value) seen.push(value);
    }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-valuenow'] });
  });
  await page.getByTestId('room-file-input').setInputFiles(file);
  const row = page.locator(`[data-testid="room-file"][data-file-name="${name}"]`);
  await expect(row).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('room-file-progress')).toBeHidden();
  // The bar showed and moved as the bytes went: it started at 0 and stood somewhere between 0 and 100.
  const seen = await page.evaluate(() => (window as unknown as { progressSeen: number[] }).progressSeen);
  expect(seen[0]).toBe(0);
  expect(
    seen.some((value) => value > 0 && value < 100),
    `the bar's values: ${seen.join(', ')}`,
  ).toBe(true);
  await expect(row).toContainText('30 MB');
  await expect(row).toContainText('Загрузчица');

  // The other member's list has it, and its signed link downloads the same bytes.
  const listed = await api('GET', `/api/zoomvisor/rooms/${roomId}/files`, otherToken);
  expect(listed.status).toBe(200);
  expect(listed.body.files[0]).toMatchObject({ name, size: bytes.length, type: 'application/pdf' });
  const download = await fetch(`${baseURL}${listed.body.files[0].url}`);
  expect(download.status).toBe(200);
  expect(Buffer.from(await download.arrayBuffer()).equals(bytes)).toBe(true);

  // Someone who never was in the room: refused the list, so no link.
  const strangerToken = (await signIn(baseURL, stranger.email, stranger.password)).token;
  const refused = await api('GET', `/api/zoomvisor/rooms/${roomId}/files`, strangerToken);
  expect(refused.status).toBe(403);
  expect(refused.body.detail).toBe('Файлы комнаты доступны только её участникам');

  await context.close();
});

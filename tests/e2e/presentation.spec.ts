import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { registerMember, signIn } from '../support/members';
import { multiPagePdf } from '../support/pdf';
import { baseURL, callChromiumArgs, chromiumLaunchOptions } from './playwright.config';
import { createRoom, enterRoomCall, openActivities, openMeeting, showSidePanel } from './meeting';
import { ADMIN, professional } from './roomFilesSupport';
import { expectNoSideScroll, unique, VIEWPORTS } from './support';

/**
 * Issue 18 point 5: the presentation. The presenter uploads a PDF to the room's files and presents
 * it; the viewer sees page 1 drawn by pdf.js, follows the presenter to page 2, browses back to 1 and
 * jumps back to the presenter's page; the presenter's laser pointer shows on the viewer's page.
 */
test.use({ launchOptions: chromiumLaunchOptions(callChromiumArgs) });

/** Opens the running presentation: its page number, and the canvas once pdf.js drew page `page` on it. */
async function openPresentation(page: Page) {
  await openActivities(page);
  await page.getByTestId('presentation-open').click();
  await expect(page.getByTestId('presentation-dialog')).toBeVisible();
}

const pageNumber = (page: Page) => page.getByTestId('presentation-page');
const canvas = (page: Page) => page.getByTestId('presentation-dialog').locator('canvas');

/** The canvas shows page `number`, drawn (pdf.js finished rendering, and something is painted). */
async function expectDrawn(page: Page, number: number) {
  await expect(canvas(page)).toHaveAttribute('data-rendered-page', String(number), { timeout: 15_000 });
  const painted = await canvas(page).evaluate((element: HTMLCanvasElement) => {
    const { data } = element.getContext('2d')!.getImageData(0, 0, element.width, element.height);
    let dark = 0;
    for (let i = 0; i < data.length; i += 4) if (data[i]! < 128) dark += 1;
    return dark;
  });
  // The page's big number is black on white.
  expect(painted).toBeGreaterThan(100);
}

for (const [device, viewport] of Object.entries(VIEWPORTS)) {
  test(`the presenter's page change reaches the viewer, who browses and jumps back (${device})`, async ({
    browser,
  }, testInfo) => {
    test.setTimeout(150_000);
    const tag = unique();
    const [presenterMember, viewerMember] = await Promise.all(
      ['Докладчица', 'Зритель'].map((first) => registerMember(baseURL, { first_name: first, last_name: `Слайды${tag}` })),
    );
    const presenterToken = (await signIn(baseURL, presenterMember.email, presenterMember.password)).token;
    await professional(presenterMember, presenterToken, (await signIn(baseURL, ADMIN.email, ADMIN.password)).token);
    const roomName = `Слайды ${tag}`;
    await createRoom(baseURL, presenterToken, roomName);

    const presenter = await openMeeting(browser, baseURL, presenterMember, '/video-calls', viewport);
    const viewer = await openMeeting(browser, baseURL, viewerMember, '/video-calls', viewport);
    // pdf.js runs in its own worker, loaded from our origin under the Content-Security-Policy.
    const violations: string[] = [];
    const pdfWorkers: string[] = [];
    for (const { page } of [presenter, viewer]) {
      page.on('console', (message) => /Content Security Policy/i.test(message.text()) && violations.push(message.text()));
      page.on('worker', (worker) => /pdf\.worker/.test(worker.url()) && pdfWorkers.push(worker.url()));
    }
    for (const { page } of [presenter, viewer]) await enterRoomCall(page, roomName);

    // The presenter uploads a three-page PDF to the room's files (on the desktop from the files tab,
    // on the phone from the presentation's own dialog) and launches the presentation with it.
    const name = `Доклад ${tag}.pdf`;
    const file = path.join(testInfo.outputPath(), name);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, multiPagePdf(3));
    const setup = presenter.page.getByTestId('presentation-setup');
    if (device === 'desktop') {
      await showSidePanel(presenter.page);
      await presenter.page.getByTestId('tab-files').click();
      await presenter.page.getByTestId('room-file-input').setInputFiles(file);
      await expect(presenter.page.locator(`[data-testid="room-file"][data-file-name="${name}"]`)).toBeVisible({
        timeout: 20_000,
      });
      await openActivities(presenter.page);
      await presenter.page.getByTestId('activity-launch-presentation').click();
    } else {
      await openActivities(presenter.page);
      await presenter.page.getByTestId('activity-launch-presentation').click();
      await expect(setup.getByTestId('presentation-no-pdf')).toBeVisible();
      await setup.getByTestId('presentation-upload-input').setInputFiles(file);
    }
    await expect(setup.locator(`[data-testid="presentation-file"][data-file-name="${name}"]`)).toBeChecked();
    await expect(setup.getByTestId('presentation-page-total')).toHaveText('Страниц: 3');
    await setup.getByTestId('presentation-launch').click();
    await expect(setup).toBeHidden();
    await expect(presenter.page.getByTestId('activity-running-name')).toHaveText('Презентация');

    await openPresentation(presenter.page);
    await expectDrawn(presenter.page, 1);
    // The viewer joins, and sees page 1 drawn.
    await openActivities(viewer.page);
    await viewer.page.getByTestId('activity-join').click();
    await expect(viewer.page.getByTestId('activity-leave')).toBeVisible();
    await openPresentation(viewer.page);
    await expect(pageNumber(viewer.page)).toHaveText('Страница 1 из 3');
    await expectDrawn(viewer.page, 1);

    // The presenter goes to page 2: the viewer's page follows within a second.
    await presenter.page.getByTestId('presentation-next').click();
    await expect(pageNumber(presenter.page)).toHaveAttribute('data-page', '2');
    await expect(pageNumber(viewer.page)).toHaveAttribute('data-page', '2', { timeout: 1_000 });
    await expectDrawn(viewer.page, 2);

    // The presenter points at the page: the laser shows on the viewer's page, where they point.
    const box = (await canvas(presenter.page).boundingBox())!;
    await presenter.page.mouse.move(box.x + box.width * 0.3, box.y + box.height * 0.6, { steps: 5 });
    const laser = viewer.page.getByTestId('laser-pointer');
    await expect(laser).toBeVisible();
    // The positions on the way arrive first; the last one settles where the presenter stopped. The
    // page's box is measured with the laser's each time: on a phone the dialog may still be settling.
    await expect
      .poll(async () => {
        const viewerBox = (await canvas(viewer.page).boundingBox())!;
        const laserBox = (await laser.boundingBox())!;
        return [
          (laserBox.x + laserBox.width / 2 - viewerBox.x) / viewerBox.width,
          (laserBox.y + laserBox.height / 2 - viewerBox.y) / viewerBox.height,
        ].map((fraction) => Math.round(fraction * 100) / 100);
      })
      .toEqual([0.3, 0.6]);

    // The viewer browses back to page 1 (the presenter stays on 2), then jumps back to the presenter's page.
    await viewer.page.getByTestId('presentation-previous').click();
    await expect(pageNumber(viewer.page)).toHaveAttribute('data-page', '1');
    await expectDrawn(viewer.page, 1);
    await expect(laser).toBeHidden();
    await expect(pageNumber(presenter.page)).toHaveAttribute('data-page', '2');
    await viewer.page.getByTestId('presentation-follow').click();
    await expect(pageNumber(viewer.page)).toHaveAttribute('data-page', '2');
    await expect(viewer.page.getByTestId('presentation-follow')).toBeHidden();
    await expectDrawn(viewer.page, 2);

    // The last page: the viewer follows there too, and there is no next page.
    await presenter.page.getByTestId('presentation-next').click();
    await expect(pageNumber(viewer.page)).toHaveAttribute('data-page', '3');
    await expect(presenter.page.getByTestId('presentation-next')).toBeDisabled();

    expect(violations).toEqual([]);
    expect(pdfWorkers.length).toBeGreaterThanOrEqual(2);
    expect(pdfWorkers.every((url) => url.startsWith(baseURL))).toBe(true);

    if (device === 'phone') {
      for (const { page } of [presenter, viewer]) await expectNoSideScroll(page);
    }
    await Promise.all([presenter.context.close(), viewer.context.close()]);
  });
}

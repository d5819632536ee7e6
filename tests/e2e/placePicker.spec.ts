import { expect, test, type Page } from '@playwright/test';
import { registerMember } from '../support/members';
import { baseURL, fakeGeocoderURL } from './playwright.config';
import { logInToDashboard, unique, VIEWPORTS } from './support';

/**
 * The place picker is a map: OpenStreetMap-style tiles from the configured tile server, address
 * search and reverse geocoding through our server (here against the fake geocoder the config
 * starts), "my location", a pin placed by a click or a tap and moved by dragging.
 */
const HERMITAGE = 'Эрмитаж, Дворцовая площадь, 2, Санкт-Петербург';

/** The pin's centre on the screen. */
async function pinCenter(page: Page) {
  const box = await page.getByTestId('place-map').locator('.leaflet-marker-icon').boundingBox();
  expect(box).not.toBeNull();
  return { x: box!.x + box!.width / 2, y: box!.y + box!.height - 4 };
}

for (const [name, device] of Object.entries(VIEWPORTS)) {
  test(`a member finds an address on the map, moves the pin and publishes the place (${name})`, async ({ browser }) => {
    // Sign-in, the feed, Leaflet's chunk and three geocoder round trips paced a second apart: slow on a busy machine.
    test.setTimeout(180_000);
    const member = await registerMember(baseURL, { first_name: 'Вера', last_name: 'Картина' });
    const context = await browser.newContext({
      ...device,
      geolocation: { latitude: 55.75393, longitude: 37.620795 },
      permissions: ['geolocation'],
    });
    const outside: string[] = [];
    context.on('request', (request) => {
      const url = new URL(request.url());
      if (!['localhost', '127.0.0.1'].includes(url.hostname) && !['data:', 'blob:'].includes(url.protocol)) {
        outside.push(request.url());
      }
    });
    const page = await context.newPage();
    await logInToDashboard(page, member.email, member.password);
    await page.goto('/social');
    const text = `Где я был ${unique()}`;
    await page.getByTestId('composer-prompt').click();
    await page.getByTestId('composer-text').fill(text);
    await page.getByTestId('composer-place-button').click();

    // The map shows the configured tiles, allowed by the page's policy.
    const map = page.getByTestId('place-map');
    await expect(map).toBeVisible();
    await expect(map.locator('img.leaflet-tile-loaded').first()).toBeVisible();
    const tile = await map
      .locator('img.leaflet-tile-loaded')
      .first()
      .evaluate((img: HTMLImageElement) => ({
        src: img.src,
        width: img.naturalWidth,
      }));
    expect(tile.src.startsWith(`${fakeGeocoderURL}/tiles/`)).toBe(true);
    expect(tile.width).toBeGreaterThan(0);
    const box = (await map.boundingBox())!;
    expect(box.width).toBeLessThanOrEqual(device.viewport.width);

    // My location: the pin goes there and the address comes from reverse geocoding.
    await page.getByTestId('place-locate').click();
    await expect(page.getByTestId('place-coordinates')).toHaveText('55.753930, 37.620795');
    await expect(page.getByTestId('place-address')).toHaveValue('Красная площадь, Москва');

    // Dragging the pin somewhere the geocoder knows nothing about: the address is the coordinates (6 decimals).
    const from = await pinCenter(page);
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(from.x + 30, from.y + 40, { steps: 8 });
    await page.mouse.move(from.x + 60, from.y + 80, { steps: 8 });
    await page.mouse.up();
    await expect(page.getByTestId('place-coordinates')).not.toHaveText('55.753930, 37.620795');
    const dragged = await page.getByTestId('place-coordinates').textContent();
    expect(dragged).toMatch(/^55\.\d{6}, 37\.\d{6}$/);
    await expect(page.getByTestId('place-address')).toHaveValue(dragged!);

    // A click (tap) on the map puts the pin there.
    const pinBefore = await pinCenter(page);
    await map.click({ position: { x: box.width / 4, y: box.height / 4 } });
    await expect(page.getByTestId('place-coordinates')).not.toHaveText(dragged!);
    const clicked = await pinCenter(page);
    expect(Math.abs(clicked.x - pinBefore.x) + Math.abs(clicked.y - pinBefore.y)).toBeGreaterThan(20);

    // Address search, through our server; picking a result moves the pin there.
    await page.getByTestId('place-search').fill('Эрмитаж');
    await page.getByTestId('place-search-submit').click();
    const result = page.getByTestId('place-search-result');
    await expect(result).toHaveCount(1);
    await expect(result).toHaveText(HERMITAGE);
    await result.click();
    await expect(page.getByTestId('place-coordinates')).toHaveText('59.939832, 30.314560');
    await expect(page.getByTestId('place-address')).toHaveValue(HERMITAGE);
    await expect(map.locator('.leaflet-marker-icon')).toBeInViewport();

    await page.getByTestId('place-choose').click();
    await expect(page.getByTestId('composer-place')).toHaveText(HERMITAGE);
    await page.getByTestId('composer-publish').click();
    await expect(page.getByText('Публикация успешно создана!')).toBeVisible();
    const published = page.getByTestId('publication').filter({ hasText: text });
    await expect(published.getByTestId('publication-place')).toContainText(HERMITAGE);
    await expect(published.getByTestId('publication-map-link')).toHaveAttribute('href', /mlat=59\.939832&mlon=30\.31456/);

    // The browser asked nobody but our server and the configured tile server.
    expect(outside).toEqual([]);
    await context.close();
  });
}

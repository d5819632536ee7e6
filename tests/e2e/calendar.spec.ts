import { expect, test } from '@playwright/test';
import ical, { type VEvent } from 'node-ical';
import { postJson, registerMember, signIn } from '../support/members';
import { baseURL } from './playwright.config';
import { openMeeting, showSidePanel } from './meeting';
import { unique, VIEWPORTS } from './support';

/** `a` and `b` become contacts (a request through REST, accepted by `b`). */
async function befriend(a: { token: string }, b: { id: number; token: string }) {
  const sent = await postJson(baseURL, '/api/friend-requests', { friend_id: b.id }, a.token);
  expect(sent.status).toBeLessThan(300);
  const incoming = await fetch(`${baseURL}/api/friend-requests/incoming`, { headers: { authorization: `Bearer ${b.token}` } });
  const [request] = (await incoming.json()) as { id: number }[];
  const accepted = await fetch(`${baseURL}/api/friends/${request!.id}/respond?accept=true`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${b.token}` },
  });
  expect(accepted.status).toBe(200);
}

for (const [device, options] of Object.entries(VIEWPORTS)) {
  test(`an event created in the calendar panel appears in the subscribed .ics feed (${device})`, async ({ browser }) => {
    test.setTimeout(120_000);
    const tag = unique();
    const organiser = await registerMember(baseURL, { first_name: 'Ольга', last_name: `Календарь${tag}` });
    const guest = await registerMember(baseURL, { first_name: 'Гость', last_name: `Календарь${tag}` });
    const organiserToken = (await signIn(baseURL, organiser.email, organiser.password)).token;
    const guestToken = (await signIn(baseURL, guest.email, guest.password)).token;
    await befriend({ token: organiserToken }, { id: guest.id, token: guestToken });

    // The member's time zone is Paris: 10:00 on 1 July 2030 there is 08:00 UTC.
    const { page, context } = await openMeeting(browser, baseURL, organiser, '/video-calls', {
      ...options,
      timezoneId: 'Europe/Paris',
    });
    await showSidePanel(page);
    await page.getByTestId('tab-calendar').click();
    await expect(page.getByTestId('calendar-tab')).toBeVisible();

    // The sync toggle turns the feed on: the panel offers it as webcal:// and https.
    await expect(page.getByTestId('calendar-feed')).toHaveCount(0);
    await page.getByTestId('calendar-sync-toggle').click();
    await expect(page.getByTestId('calendar-sync-on')).toBeVisible();
    const feedUrl = await page.getByTestId('calendar-feed-url').inputValue();
    expect(feedUrl).toMatch(new RegExp(`^${baseURL}/api/zoomvisor/calendar/feed/[A-Za-z0-9_-]+\\.ics$`));
    await expect(page.getByTestId('calendar-feed-webcal')).toHaveValue(feedUrl.replace(/^http:/, 'webcal:'));

    // A new event: save is disabled while the title is empty.
    const title = `Обзор релиза ${tag}`;
    await page.getByTestId('calendar-create').click();
    const dialog = page.getByTestId('calendar-event-form');
    await expect(dialog).toBeVisible();
    await expect(page.getByTestId('calendar-event-submit')).toBeDisabled();
    await page.getByTestId('calendar-event-title').fill(title);
    await page.getByTestId('calendar-event-description').fill('Что нового в версии');
    await page.getByTestId('calendar-event-date').fill('2030-07-01');
    await page.getByTestId('calendar-event-time').fill('10:00');
    await page.getByTestId('calendar-event-duration').selectOption('90');
    await page.getByTestId('calendar-event-type').selectOption('presentation');
    await page.getByTestId('calendar-event-location').fill('Большой зал');
    await dialog.getByTestId('calendar-event-participant').filter({ hasText: 'Гость' }).click();
    await page.getByTestId('calendar-event-submit').click();
    await expect(dialog).toHaveCount(0);

    // The upcoming list shows it at the member's local time.
    const row = page.getByTestId('calendar-upcoming').locator(`[data-testid="calendar-event"][data-event-title="${title}"]`);
    await expect(row).toBeVisible();
    await expect(row.getByTestId('calendar-event-when')).toContainText('01.07.2030');
    await expect(row.getByTestId('calendar-event-when')).toContainText('10:00');

    // What a calendar application would do: fetch the URL shown in the panel, without a token, and parse it.
    const response = await fetch(feedUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/calendar');
    const text = await response.text();
    const events = Object.values(ical.sync.parseICS(text)).filter((item): item is VEvent => item?.type === 'VEVENT');
    const event = events.find((item) => item.summary === title);
    expect(event, text).toBeDefined();
    expect(new Date(event!.start).toISOString()).toBe('2030-07-01T08:00:00.000Z');
    expect(new Date(event!.end!).toISOString()).toBe('2030-07-01T09:30:00.000Z');
    expect(event!.description).toBe('Что нового в версии');
    expect(event!.location).toBe('Большой зал');
    const attendee = ([] as { val: string; params: { PARTSTAT: string } }[]).concat(event!.attendee as never)[0]!;
    expect(attendee.val.toLowerCase()).toBe(`mailto:${guest.email}`);
    expect(attendee.params.PARTSTAT).toBe('NEEDS-ACTION');
    expect(text).toMatch(/REFRESH-INTERVAL;VALUE=DURATION:PT1H/);
    expect(text).toMatch(/BEGIN:VALARM/);
    await context.close();
  });
}

for (const [device, options] of Object.entries(VIEWPORTS)) {
  test(`an invitee whose calendar is open sees the organiser change and delete an event without a reload (${device})`, async ({
    browser,
  }) => {
    test.setTimeout(90_000);
    const tag = unique();
    const organiser = await registerMember(baseURL, { first_name: 'Ольга', last_name: `Живой${tag}` });
    const guest = await registerMember(baseURL, { first_name: 'Гость', last_name: `Живой${tag}` });
    const organiserToken = (await signIn(baseURL, organiser.email, organiser.password)).token;
    const guestToken = (await signIn(baseURL, guest.email, guest.password)).token;
    await befriend({ token: organiserToken }, { id: guest.id, token: guestToken });
    const events = `${baseURL}/api/zoomvisor/calendar/events`;
    const asOrganiser = (method: string, path: string, body?: unknown) =>
      fetch(`${events}${path}`, {
        method,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${organiserToken}` },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    const title = `Созвон ${tag}`;
    const created = await asOrganiser('POST', '', { title, date: '2030-09-01', time: '11:00', participants: [guest.id] });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: number };

    const { page, context } = await openMeeting(browser, baseURL, guest, '/video-calls', options);
    await showSidePanel(page);
    await page.getByTestId('tab-calendar').click();
    const upcoming = page.getByTestId('calendar-upcoming');
    const row = (name: string) => upcoming.locator(`[data-testid="calendar-event"][data-event-title="${name}"]`);
    await expect(row(title)).toBeVisible();

    // The organiser renames it and moves it: the guest's row follows.
    expect((await asOrganiser('PATCH', `/${id}`, { title: `${title} (перенос)`, time: '15:30' })).status).toBe(200);
    await expect(row(`${title} (перенос)`)).toBeVisible({ timeout: 10_000 });
    await expect(row(`${title} (перенос)`).getByTestId('calendar-event-when')).toContainText('15:30');
    await expect(row(title)).toHaveCount(0);

    // The organiser deletes it: it leaves the guest's calendar.
    expect((await asOrganiser('DELETE', `/${id}`)).status).toBe(200);
    await expect(row(`${title} (перенос)`)).toHaveCount(0, { timeout: 10_000 });
    await context.close();
  });
}

import { expect, test } from '@playwright/test';
import { createRoom, enterRoomCall, openMeeting } from '../e2e/meeting';
import { registerMember } from '../support/members';

test('debug two through sfu', async ({ browser, baseURL }) => {
  const members = [];
  for (let i = 0; i < 2; i += 1) members.push(await registerMember(baseURL!, { first_name: `Д${i + 1}` }));
  const people = [];
  for (const member of members) people.push(await openMeeting(browser, baseURL!, member));
  for (const p of people) p.page.on('console', (m) => console.log(`[page ${p.id}] ${m.type()} ${m.text()}`));
  const name = `DBG ${Date.now().toString(36)}`;
  await createRoom(baseURL!, people[0]!.token, name, 10);
  for (const p of people) await enterRoomCall(p.page, name);
  for (const p of people) await expect(p.page.getByTestId('meeting-stage')).toHaveAttribute('data-call-transport', 'sfu');
  await new Promise((r) => setTimeout(r, 15000));
  for (const p of people) {
    console.log(p.id, await p.page.evaluate(`[...document.querySelectorAll('[data-testid="remote-video"]')].map(v => v.videoWidth + 'x' + v.videoHeight + ' t=' + v.currentTime + ' rs=' + v.readyState + ' src=' + (v.srcObject ? v.srcObject.getTracks().map(t => t.kind + ':' + t.readyState).join('/') : 'none')).join(' | ')`));
  }
});

import { expect, test } from '@playwright/test';
import { createRoom, enterRoomCall, openMeeting, selectedCandidateTypes, TRACK_PEER_CONNECTIONS } from '../e2e/meeting';
import { startCoturn } from '../support/coturn';
import { registerMember } from '../support/members';
import { JANUS_ADDRESS } from './netns';
import { TURN_PORT, TURN_SECRET } from './playwright.config';

test('debug two through sfu', async ({ browser, baseURL }) => {
  const coturn = await startCoturn(TURN_PORT, ['use-auth-secret', `static-auth-secret=${TURN_SECRET}`, 'realm=linkup.test', 'fingerprint', 'no-tls', 'no-dtls', 'no-cli', 'log-file=stdout', 'simple-log', 'verbose', ...(process.env.LOOPBACK ? ['allow-loopback-peers'] : [])], { address: JANUS_ADDRESS, relayPorts: 40 });
  const members = [];
  for (let i = 0; i < 2; i += 1) members.push(await registerMember(baseURL!, { first_name: `Д${i + 1}` }));
  const people = [];
  for (const member of members) people.push(await openMeeting(browser, baseURL!, member));
  const relay = people[0]!;
  await relay.context.addInitScript(TRACK_PEER_CONNECTIONS);
  await relay.page.evaluate(() => localStorage.setItem('linkup_ice_transport_policy', 'relay'));
  await relay.page.reload();
  for (const p of people) p.page.on('console', (m) => { if (!m.text().includes('React')) console.log(`[page ${p.id}] ${m.type()} ${m.text()}`); });
  const name = `DBG ${Date.now().toString(36)}`;
  await createRoom(baseURL!, people[0]!.token, name, 10);
  for (const p of people) await enterRoomCall(p.page, name);
  for (const p of people) await expect(p.page.getByTestId('meeting-stage')).toHaveAttribute('data-call-transport', process.env.MESH_MAX_PARTICIPANTS === '1' ? 'sfu' : 'mesh');
  await new Promise((r) => setTimeout(r, 15000));
  for (const p of people) {
    console.log(p.id, await p.page.evaluate(`[...document.querySelectorAll('[data-testid="remote-video"]')].map(v => v.videoWidth + 'x' + v.videoHeight + ' t=' + v.currentTime + ' rs=' + v.readyState + ' src=' + (v.srcObject ? v.srcObject.getTracks().map(t => t.kind + ':' + t.readyState).join('/') : 'none')).join(' | ')`));
  }
  console.log('types', await selectedCandidateTypes(relay.page));
  console.log('pcs', await relay.page.evaluate(`window.__connections.map(c => c.connectionState + '/' + c.iceConnectionState + '/' + c.iceGatheringState).join(' ')`));
  console.log(coturn.log().split('\n').filter(l => /error|denied|403|forbidden|CHANNEL_BIND|PERMISSION/i.test(l)).slice(0,40).join('\n'));
  await coturn.stop();
});

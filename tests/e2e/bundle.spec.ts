import { expect, test } from '@playwright/test';
import { LOGIN_JS_BUDGET_BYTES, measureLoginPageScripts } from '../../scripts/bench/loginScripts';

test('the login page loads at most its budget of gzip JavaScript (routes are split)', async ({ page, baseURL }) => {
  const scripts = await measureLoginPageScripts(page, baseURL!);
  const total = scripts.reduce((sum, script) => sum + script.gzip, 0);
  expect(total).toBeLessThanOrEqual(LOGIN_JS_BUDGET_BYTES);
  // The signed-in pages are not part of it, nor the UI modules only they use (client/chunkGroups.ts),
  // nor Relay's runtime (loaded when a form is sent).
  expect(scripts.map((s) => s.path).join(' ')).not.toMatch(
    /DashboardPage|AdminPage|PageFrame|VideoCallsPage|signed-in-ui|simple-peer|PlaceMap|leaflet|relay-runtime|RelayProvider/i,
  );
});

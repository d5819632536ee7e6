import { startFakeGeocoder } from '../support/fakeGeocoder';

/**
 * The end-to-end tests' geocoder and tile server (playwright.config.ts starts it as a web server
 * beside ours and stops it after the run): the internet is out of reach in CI.
 */
const port = Number(process.argv[2]);
const fake = await startFakeGeocoder(port);
console.log(`fake geocoder on ${fake.url}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => void fake.close().then(() => process.exit(0)));
}

/**
 * Relay's runtime (react-relay's hooks module, which carries relay-runtime's functions too) and the
 * app's environment of this moment, loaded on first use: the pages that open without Relay (the
 * login page, for its script budget) call this when they need it.
 */
export async function loadRelay() {
  const [relay, { currentEnvironment }] = await Promise.all([import('react-relay/hooks'), import('./environment')]);
  return { relay, environment: currentEnvironment() };
}

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/app';
import { quickMember, type Member } from './meetingSupport';

/**
 * An answer holding texts the server wrote in the request's language says so (`extensions.locale`):
 * the client asks again for those, and only those, when its reader switches languages.
 */
let app: TestApp;
let member: Member;
beforeAll(async () => {
  app = await createTestApp();
  member = await quickMember(app.services);
});
afterAll(() => app?.dispose());

type Answer = { data: any; extensions?: Record<string, unknown> };
const ask = async (query: string, locale: string) =>
  (await app.graphql(query, {}, { token: member.token, headers: { 'accept-language': locale } })) as Answer;

describe('the language of an answer', () => {
  it('is named when the answer holds texts written in the request’s language', async () => {
    const english = await ask('{ subscriptionPlans { planId name } }', 'en');
    expect(english.data.subscriptionPlans[0].name).toBe('Free');
    expect(english.extensions).toEqual({ locale: 'en' });
    expect((await ask('{ mySubscription { plan { name } } }', 'fr-FR,fr;q=0.9')).extensions).toEqual({ locale: 'fr' });
  });

  it('is left out when nothing in the answer depends on the language', async () => {
    const answer = await ask('{ subscriptionPlans { planId price } viewer { id } }', 'en');
    expect(answer.data.subscriptionPlans.length).toBeGreaterThan(0);
    expect(answer.extensions).toBeUndefined();
  });
});

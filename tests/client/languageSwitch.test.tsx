import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { dashboardData, fakeGraphQLServer, makeUser, onboardingTourAnswer, renderApp, storeSession, viewerJson } from './helpers';

/**
 * Texts the server writes in the reader's language (here the plans' names and descriptions) follow a
 * switch of language on the open page, without navigating. Before, they stayed in the old language
 * until the next navigation or reload.
 */

const LOADED = { timeout: 10_000 };
const member = makeUser('USER');

const PLANS = {
  ru: { free: ['Бесплатный', 'Для знакомства'], basic: ['Базовый', 'Для небольших команд'] },
  en: { free: ['Free', 'To get started'], basic: ['Basic', 'For small teams'] },
  fr: { free: ['Gratuit', 'Pour découvrir'], basic: ['Basique', 'Pour les petites équipes'] },
} as const;

/** The plans page's answer in `locale`, marked as the server marks answers holding its texts. */
function plansAnswer(locale: keyof typeof PLANS) {
  const plan = (planId: 'free' | 'basic', price: number) => ({
    planId,
    name: PLANS[locale][planId][0],
    description: PLANS[locale][planId][1],
    price,
    maxParticipants: 50,
    features: ['text_chat'],
  });
  return {
    body: {
      data: {
        viewer: { ...viewerJson(member), phone: null },
        subscriptionPlans: [plan('free', 0), plan('basic', 5400)],
        mySubscription: { source: 'NONE', plan: { planId: 'free', name: PLANS[locale].free[0] }, subscription: null },
      },
      extensions: { locale },
    },
  };
}

describe('switching the language on an open page', () => {
  it('shows the plans in the new language without navigating, asked in that language', async () => {
    storeSession(member);
    const server = fakeGraphQLServer((call) => {
      if (call.operationName === 'OnboardingTourQuery') return onboardingTourAnswer(member);
      if (call.operationName === 'SubscriptionPlansPageQuery') {
        return plansAnswer(call.headers['Accept-Language'] as keyof typeof PLANS);
      }
      return undefined;
    });
    const { router } = renderApp('/subscription-plans');
    expect((await screen.findByTestId('my-plan-name', {}, LOADED)).textContent).toBe('Бесплатный');
    expect(within(screen.getByTestId('plan-basic')).getByText('Для небольших команд')).toBeTruthy();
    const plansLanguages = () =>
      server.calls
        .filter((call) => call.operationName === 'SubscriptionPlansPageQuery')
        .map((call) => call.headers['Accept-Language']);
    const before = plansLanguages().length;

    fireEvent.change(screen.getByTestId('language-select'), { target: { value: 'en' } });
    await waitFor(() => expect(screen.getByTestId('my-plan-name').textContent).toBe('Free'), LOADED);
    const basic = screen.getByTestId('plan-basic');
    expect(within(basic).getByText('Basic')).toBeTruthy();
    expect(within(basic).getByText('For small teams')).toBeTruthy();
    // The client's own texts switched too, and the page stayed where it was.
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Video call plans');
    expect(router.state.location.pathname).toBe('/subscription-plans');
    // Asked once more, in the new language.
    expect(plansLanguages()).toEqual([...Array(before).fill('ru'), 'en']);

    fireEvent.change(screen.getByTestId('language-select'), { target: { value: 'fr' } });
    await waitFor(() => expect(screen.getByTestId('my-plan-name').textContent).toBe('Gratuit'), LOADED);
    expect(within(screen.getByTestId('plan-basic')).getByText('Pour les petites équipes')).toBeTruthy();
    expect(plansLanguages()).toEqual([...Array(before).fill('ru'), 'en', 'fr']);
    expect(router.state.location.pathname).toBe('/subscription-plans');
  });

  it('leaves alone what holds no server text: such answers are not asked for again', async () => {
    storeSession(member);
    const server = fakeGraphQLServer((call) => {
      if (call.operationName === 'OnboardingTourQuery') return onboardingTourAnswer(member);
      if (call.operationName === 'SubscriptionPlansPageQuery') {
        // The same answer without the server's mark: nothing in it depends on the language.
        const { body } = plansAnswer('ru');
        return { body: { data: body.data } };
      }
      return undefined;
    });
    renderApp('/subscription-plans');
    await screen.findByTestId('my-plan-name', {}, LOADED);
    const asked = () => server.calls.filter((call) => call.operationName === 'SubscriptionPlansPageQuery').length;
    const before = asked();
    fireEvent.change(screen.getByTestId('language-select'), { target: { value: 'en' } });
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Video call plans'), LOADED);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(asked()).toBe(before);
  });

  it('asks again only for what is on screen: a page left behind follows when the reader comes back', async () => {
    storeSession(member);
    const server = fakeGraphQLServer((call) => {
      if (call.operationName === 'OnboardingTourQuery') return onboardingTourAnswer(member);
      if (call.operationName === 'DashboardPageQuery') return { body: { data: dashboardData(member) } };
      if (call.operationName === 'SubscriptionPlansPageQuery') {
        return plansAnswer(call.headers['Accept-Language'] as keyof typeof PLANS);
      }
      return undefined;
    });
    const { router } = renderApp('/subscription-plans');
    expect((await screen.findByTestId('my-plan-name', {}, LOADED)).textContent).toBe('Бесплатный');
    await router.navigate('/dashboard');
    await screen.findByTestId('welcome-banner', {}, LOADED);
    const plansLanguages = () =>
      server.calls
        .filter((call) => call.operationName === 'SubscriptionPlansPageQuery')
        .map((call) => call.headers['Accept-Language']);
    const before = plansLanguages();

    fireEvent.change(screen.getByTestId('language-select'), { target: { value: 'en' } });
    await waitFor(() => expect(screen.getByTestId('language-select')).toHaveProperty('value', 'en'), LOADED);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(plansLanguages()).toEqual(before);

    await router.navigate('/subscription-plans');
    await waitFor(() => expect(screen.getByTestId('my-plan-name').textContent).toBe('Free'), LOADED);
    expect(plansLanguages()).toEqual([...before, 'en']);
  });
});

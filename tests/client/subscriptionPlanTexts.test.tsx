import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminServer, makeUser, renderApp } from './helpers';

/**
 * A plan's name and description exist per language (ru required; en and fr fall back to it): the
 * admin's plans editor shows and sends each language's own text. Before, it had one name field, so
 * the seeded Russian names showed to English and French readers whatever they chose.
 */

const admin = makeUser('ADMIN');
const LOADED = { timeout: 10_000 };

const basic = {
  __typename: 'SubscriptionPlan',
  planId: 'basic',
  name: 'Basic',
  description: 'For small teams',
  nameRu: 'Базовый',
  nameEn: 'Basic',
  nameFr: null,
  descriptionRu: 'Для небольших команд',
  descriptionEn: 'For small teams',
  descriptionFr: null,
  price: 5400,
  maxParticipants: 200,
  storageQuotaMb: 0,
  features: ['text_chat', 'recording'],
};

function plansServer() {
  return adminServer(admin, (name) => {
    if (name === 'SubscribersTabQuery') return { subscriptionPlans: [basic], subscriptionGroups: [], adminSubscriptions: [] };
    if (name === 'SubscriptionPlansEditorMutation') return { updateSubscriptionPlan: { __typename: 'SubscriptionPlan' } };
    if (name === 'SubscriptionPlansEditorRefetchQuery') return { subscriptionPlans: [basic] };
    return undefined;
  });
}

describe('the admin plans editor', () => {
  it('shows the name and description in ru, en and fr, the blank ones hinting the Russian text, and saves them all', async () => {
    const server = plansServer();
    renderApp('/admin/subscribers');
    const row = await screen.findByTestId('plan-row-basic', {}, LOADED);
    // The list shows the name the server answers in the admin's language.
    expect(within(row).getByText('Basic')).toBeTruthy();
    fireEvent.click(within(row).getByTestId('plan-edit'));

    const dialog = await screen.findByTestId('plan-dialog');
    const field = (testId: string) => within(dialog).getByTestId(testId) as HTMLInputElement;
    expect(field('plan-name').value).toBe('Базовый');
    expect(field('plan-name-en').value).toBe('Basic');
    expect(field('plan-name-fr').value).toBe('');
    expect(field('plan-name-fr').placeholder).toBe('Базовый');
    expect(field('plan-description').value).toBe('Для небольших команд');
    expect(field('plan-description-en').value).toBe('For small teams');
    expect(field('plan-description-fr').placeholder).toBe('Для небольших команд');
    expect(within(dialog).getByText('Название (Français)')).toBeTruthy();

    fireEvent.change(field('plan-name-fr'), { target: { value: 'Basique' } });
    fireEvent.change(field('plan-description-fr'), { target: { value: 'Pour les petites équipes' } });
    fireEvent.change(field('plan-name-en'), { target: { value: '' } });
    fireEvent.click(within(dialog).getByTestId('plan-save'));

    await waitFor(() => expect(server.operations()).toContain('SubscriptionPlansEditorMutation'));
    const sent = server.calls.find((call) => call.operationName === 'SubscriptionPlansEditorMutation')!;
    expect(sent.variables.input).toMatchObject({
      planId: 'basic',
      name: 'Базовый',
      nameEn: '',
      nameFr: 'Basique',
      description: 'Для небольших команд',
      descriptionEn: 'For small teams',
      descriptionFr: 'Pour les petites équipes',
    });
    await waitFor(() => expect(screen.queryByTestId('plan-dialog')).toBeNull());
  });
});

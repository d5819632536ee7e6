import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminServer, makeUser, renderApp } from './helpers';

/** The admin translations tab: the texts uploaded modules brought sit beside the client's own, marked with the module. */

const admin = makeUser('ADMIN');
const LOADED = { timeout: 10_000 };

const text = (key: string, ru: string, en: string, module: string | null, overridden: string[] = []) => ({
  __typename: 'InterfaceText',
  id: `InterfaceText:${key}`,
  key,
  module,
  valueRu: ru,
  valueEn: en,
  valueFr: en,
  defaultRu: ru,
  defaultEn: en,
  defaultFr: en,
  overridden,
});

describe('translations tab', () => {
  it('marks a module’s text with the module’s name, finds by it and saves its override like any text', async () => {
    const saved: unknown[] = [];
    const searched: unknown[] = [];
    const server = adminServer(admin, (name, variables) => {
      if (name === 'TranslationsTabQuery') {
        return {
          interfaceTexts: {
            totalCount: 2,
            items: [text('votes.title', 'Голосования', 'Votes', 'Опросы'), text('Abc123', 'Выйти', 'Log out', null)],
          },
        };
      }
      if (name === 'TranslationsTabRefetchQuery') {
        searched.push(variables.search);
        return { interfaceTexts: { totalCount: 1, items: [text('votes.title', 'Голосования', 'Votes', 'Опросы')] } };
      }
      if (name === 'TranslationsTabSetMutation') {
        saved.push(variables.input);
        return {
          setTranslation: {
            __typename: 'TranslationChangeSuccess',
            text: text('votes.title', 'Голосования', 'Ballots', 'Опросы', ['EN']),
          },
        };
      }
      return undefined;
    });
    renderApp('/admin/translations');
    const rows = await screen.findAllByTestId('translation-row', {}, LOADED);
    expect(rows.map((row) => row.dataset.key)).toEqual(['votes.title', 'Abc123']);
    expect(within(rows[0]!).getByTestId('translation-module').textContent).toBe('Модуль «Опросы»');
    expect(within(rows[1]!).queryByTestId('translation-module')).toBeNull();

    fireEvent.change(within(rows[0]!).getByTestId('translation-en'), { target: { value: 'Ballots' } });
    fireEvent.click(within(rows[0]!).getByTestId('translation-save'));
    await waitFor(() =>
      expect(saved).toEqual([{ key: 'votes.title', valueRu: 'Голосования', valueEn: 'Ballots', valueFr: 'Votes' }]),
    );
    await waitFor(() => expect(within(rows[0]!).getByTestId('translation-overridden')).toBeTruthy());

    fireEvent.change(screen.getByLabelText('Поиск по тексту, ключу или модулю'), { target: { value: ' Опросы ' } });
    fireEvent.submit(screen.getByRole('search'));
    await waitFor(() => expect(searched).toEqual(['Опросы']));
    await waitFor(() => expect(screen.getAllByTestId('translation-row')).toHaveLength(1));
    expect(server.operations()).toContain('TranslationsTabRefetchQuery');
  });
});

import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from '../../client/src/i18n/format';
import { activateLocale } from '../../client/src/i18n/locale';

describe('date formatting', () => {
  const date = '2024-03-05T10:00:00.000Z';

  it('uses ru-RU by default', () => {
    expect(formatDate(date)).toBe('05.03.2024');
  });

  it('follows the active locale', async () => {
    await activateLocale('en');
    expect(formatDate(date)).toBe('3/5/2024');
    await activateLocale('fr');
    expect(formatDate(date)).toBe('05/03/2024');
  });

  it('takes an explicit locale, and tolerates missing or broken values', () => {
    expect(formatDate(new Date(2024, 2, 5), 'en')).toBe('3/5/2024');
    expect(formatDateTime(new Date(2024, 2, 5, 14, 30), 'ru')).toBe('05.03.2024, 14:30');
    expect(formatDate(null)).toBe('');
    expect(formatDate('not a date')).toBe('');
  });
});

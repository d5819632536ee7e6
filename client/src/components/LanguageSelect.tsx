import { Field, NativeSelect } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { changeLocale, isLocale, LOCALE_NAMES, LOCALES } from '../i18n/locale';

/** The footer's language selector: a labelled native <select>; the choice is kept in localStorage. */
export function LanguageSelect({ tone = 'light' }: { tone?: 'light' | 'dark' }) {
  const { i18n } = useLingui();
  const labelColor = tone === 'dark' ? 'whiteAlpha.900' : 'fg.muted';
  return (
    <Field.Root orientation="horizontal" width="auto" gap="2" justifyContent="flex-end">
      <Field.Label color={labelColor} fontSize="sm" fontWeight="medium" whiteSpace="nowrap" flex="none" minW="0">
        <Trans>Язык</Trans>
      </Field.Label>
      <NativeSelect.Root size="sm" width="9.5rem">
        <NativeSelect.Field
          data-testid="language-select"
          value={i18n.locale}
          bg="bg"
          onChange={(event) => {
            const value = event.currentTarget.value;
            if (isLocale(value)) void changeLocale(value);
          }}
        >
          {LOCALES.map((locale) => (
            <option key={locale} value={locale}>
              {LOCALE_NAMES[locale]}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

import { useState } from 'react';
import { Field, HStack, IconButton, Input } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Search } from 'lucide-react';
import { useSearchParams } from 'react-router';
import { isSearchable, SEARCH_MAX_LENGTH, SEARCH_PARAM } from './searchText';

/**
 * The social area's search box: members, publications and tags. Searching opens the search section
 * with the text in the address (`?section=search&q=`), so Back returns to the previous results.
 */
export function SearchBox() {
  const { t } = useLingui();
  const [params, setParams] = useSearchParams();
  const current = params.get('section') === 'search' ? (params.get(SEARCH_PARAM) ?? '') : '';
  const [text, setText] = useState(current);
  const [shownFor, setShownFor] = useState(current);
  const [warning, setWarning] = useState(false);
  // A new address (Back, a link) puts its text in the box.
  if (shownFor !== current) {
    setShownFor(current);
    setText(current);
  }
  const submit = () => {
    const trimmed = text.trim();
    setWarning(!isSearchable(trimmed));
    if (isSearchable(trimmed)) setParams({ section: 'search', [SEARCH_PARAM]: trimmed });
  };
  return (
    <form
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Field.Root invalid={warning}>
        <HStack w="full" gap="1">
          <Input
            type="search"
            size="sm"
            value={text}
            maxLength={SEARCH_MAX_LENGTH}
            onChange={(event) => setText(event.currentTarget.value)}
            placeholder={t`Поиск`}
            aria-label={t`Поиск участников, публикаций и тегов`}
            data-testid="search-input"
          />
          <IconButton type="submit" size="sm" colorPalette="brand" aria-label={t`Найти`} data-testid="search-submit">
            <Search size={16} />
          </IconButton>
        </HStack>
        {warning && (
          <Field.ErrorText data-testid="search-warning">
            <Trans>Введите минимум 2 буквы или цифры для поиска</Trans>
          </Field.ErrorText>
        )}
      </Field.Root>
    </form>
  );
}

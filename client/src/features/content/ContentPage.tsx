import { Suspense, useState } from 'react';
import {
  Alert,
  Badge,
  Card,
  Center,
  Heading,
  HStack,
  Input,
  InputGroup,
  NativeSelect,
  SimpleGrid,
  Spinner,
  Stack,
  Text,
} from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Search } from 'lucide-react';
import { graphql } from 'react-relay/hooks';
import { Link as RouterLink, useSearchParams } from 'react-router';
import type { ContentPageQuery } from '../../__generated__/ContentPageQuery.graphql';
import { ErrorBoundary } from '../../components/ErrorBoundary';
import { formatDate } from '../../i18n/format';
import { CONTENT_TYPES, TYPE_LABELS } from './contentTexts';
import { usePageQuery } from '../../app/pageQuery';
import { contentFilterParams, contentFiltersOf, type ContentFilters } from './contentFilters';

const query = graphql`
  query ContentPageQuery($contentType: String, $categoryId: ID, $tagId: ID, $search: String) {
    contentItems(first: 50, contentType: $contentType, categoryId: $categoryId, tagId: $tagId, search: $search) {
      totalCount
      edges {
        node {
          id
          title
          slug
          excerpt
          contentType
          createdAt
          views
          category {
            name
          }
        }
      }
    }
    contentCategories {
      id
      name
    }
    contentTags {
      id
      name
    }
  }
`;

/** `/content`: what is published, for every member (spec section 2), with filters and search. */
export default function ContentPage() {
  const [params, setParams] = useSearchParams();
  const filters = contentFiltersOf(params);
  // The route's loader starts the query of the new address (contentFilters.ts).
  const setFilters = (next: ContentFilters) => setParams(contentFilterParams(next));
  return (
    <Stack gap="5" maxW="5xl" mx="auto" w="full" data-testid="content-page">
      <Heading size="2xl">
        <Trans>Контент</Trans>
      </Heading>
      <ErrorBoundary
        fallback={
          <Alert.Root status="error">
            <Alert.Indicator />
            <Alert.Title>
              <Trans>Ошибка загрузки контента</Trans>
            </Alert.Title>
          </Alert.Root>
        }
      >
        <Suspense
          fallback={
            <Center py="10">
              <Spinner />
            </Center>
          }
        >
          <PublishedList filters={filters} setFilters={setFilters} />
        </Suspense>
      </ErrorBoundary>
    </Stack>
  );
}

function PublishedList({ filters, setFilters }: { filters: ContentFilters; setFilters: (filters: ContentFilters) => void }) {
  const { t } = useLingui();
  const [search, setSearch] = useState(filters.search);
  const data = usePageQuery<ContentPageQuery>(query);
  const select = (key: keyof ContentFilters, all: string, options: { value: string; label: string }[]) => (
    <NativeSelect.Root size="sm" width={{ base: 'full', md: '44' }} bg="bg" rounded="md">
      <NativeSelect.Field
        value={filters[key]}
        onChange={(e) => setFilters({ ...filters, [key]: e.target.value })}
        aria-label={all}
      >
        <option value="">{all}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
  const items = data.contentItems.edges.map((edge) => edge.node);
  return (
    <Stack gap="4">
      <Stack direction={{ base: 'column', md: 'row' }} gap="2">
        <Stack
          as="form"
          flex="1"
          onSubmit={(event: React.FormEvent) => {
            event.preventDefault();
            setFilters({ ...filters, search });
          }}
        >
          <InputGroup startElement={<Search size={16} />}>
            <Input
              size="sm"
              bg="bg"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              placeholder={t`Поиск`}
              data-testid="content-search"
            />
          </InputGroup>
        </Stack>
        {select(
          'contentType',
          t`Все типы`,
          CONTENT_TYPES.map((type) => ({ value: type, label: t(TYPE_LABELS[type]!) })),
        )}
        {select(
          'categoryId',
          t`Все категории`,
          data.contentCategories.map((c) => ({ value: c.id, label: c.name })),
        )}
        {select(
          'tagId',
          t`Все теги`,
          data.contentTags.map((tag) => ({ value: tag.id, label: tag.name })),
        )}
      </Stack>
      <Text fontSize="sm" color="fg.muted">
        <Trans>Найдено: {data.contentItems.totalCount}</Trans>
      </Text>
      {items.length === 0 ? (
        <Center py="10" color="fg.muted" bg="bg" rounded="md">
          <Trans>Контент не найден</Trans>
        </Center>
      ) : (
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          {items.map((item) => (
            <Card.Root key={item.id} asChild data-testid="content-card">
              <RouterLink to={`/content/${encodeURIComponent(item.slug)}`}>
                <Card.Body gap="2">
                  <HStack gap="2" flexWrap="wrap">
                    <Badge size="sm">{t(TYPE_LABELS[item.contentType] ?? TYPE_LABELS.POST!)}</Badge>
                    {item.category && (
                      <Badge size="sm" colorPalette="brand">
                        {item.category.name}
                      </Badge>
                    )}
                  </HStack>
                  <Card.Title>{item.title}</Card.Title>
                  {item.excerpt && <Card.Description>{item.excerpt}</Card.Description>}
                  <Text fontSize="xs" color="fg.muted">
                    {formatDate(item.createdAt)} · <Trans>Просмотры: {item.views}</Trans>
                  </Text>
                </Card.Body>
              </RouterLink>
            </Card.Root>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}

import { Suspense, useState } from 'react';
import {
  Alert,
  Badge,
  Box,
  Center,
  Heading,
  HStack,
  Input,
  InputGroup,
  NativeSelect,
  Spinner,
  Stack,
  Table,
  Tabs,
  Text,
} from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Search } from 'lucide-react';
import { RowActions } from '../../../components/RowActions';
import { graphql, useMutation, usePreloadedQuery, useQueryLoader, type PreloadedQuery } from 'react-relay/hooks';
import type { AdminTabProps } from '../../admin/adminTabs';
import type { AdminContentTabQuery } from '../../../__generated__/AdminContentTabQuery.graphql';
import type { AdminContentTabCreateMutation } from '../../../__generated__/AdminContentTabCreateMutation.graphql';
import type { AdminContentTabUpdateMutation } from '../../../__generated__/AdminContentTabUpdateMutation.graphql';
import type { AdminContentTabDeleteMutation } from '../../../__generated__/AdminContentTabDeleteMutation.graphql';
import { AppDialog } from '../../../components/AppDialog';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { ErrorBoundary } from '../../../components/ErrorBoundary';
import { toaster } from '../../../components/ui/toaster';
import { formatDate } from '../../../i18n/format';
import { fieldErrorMap, mutationErrorText, type MutationErrorKey } from '../../../relay/mutationError';
import { ContentBody } from '../ContentBody';
import { CONTENT_STATUSES, CONTENT_TYPES, STATUS_COLORS, STATUS_LABELS, TYPE_LABELS } from '../contentTexts';
import { ContentForm, EMPTY_CONTENT, toInput, type ContentFormValues } from './ContentForm';
import { ContentVersions } from './ContentVersions';
import { TaxonomyEditor } from './TaxonomyEditor';

const query = graphql`
  query AdminContentTabQuery($contentType: String, $status: String, $categoryId: ID, $tagId: ID, $search: String) {
    contentItems(first: 100, contentType: $contentType, status: $status, categoryId: $categoryId, tagId: $tagId, search: $search)
      @connection(key: "AdminContentTab_contentItems", filters: ["contentType", "status", "categoryId", "tagId", "search"]) {
      __id
      totalCount
      edges {
        node {
          id
          title
          slug
          content
          excerpt
          contentType
          status
          views
          createdAt
          category {
            id
            name
          }
          tags {
            id
            name
          }
          author {
            firstName
            lastName
          }
        }
      }
    }
    contentCategories {
      id
      name
      description
      slug
    }
    contentTags {
      id
      name
    }
  }
`;

const createMutation = graphql`
  mutation AdminContentTabCreateMutation($input: CreateContentInput!) {
    createContent(input: $input) {
      ... on CreateContentSuccess {
        item {
          id
          slug
        }
      }
      ...mutationError_error @alias(as: "error")
    }
  }
`;

const updateMutation = graphql`
  mutation AdminContentTabUpdateMutation($id: ID!, $input: UpdateContentInput!) {
    updateContent(id: $id, input: $input) {
      ... on UpdateContentSuccess {
        item {
          id
          title
          slug
          content
          excerpt
          contentType
          status
          category {
            id
            name
          }
          tags {
            id
            name
          }
        }
      }
      ...mutationError_error @alias(as: "error")
    }
  }
`;

const deleteMutation = graphql`
  mutation AdminContentTabDeleteMutation($id: ID!, $connections: [ID!]!) {
    deleteContent(id: $id) {
      ... on DeleteContentSuccess {
        deletedId @deleteEdge(connections: $connections)
      }
      ...mutationError_error @alias(as: "error")
    }
  }
`;

type Data = AdminContentTabQuery['response'];
type Item = Data['contentItems']['edges'][number]['node'];
type Filters = { contentType: string; status: string; categoryId: string; tagId: string; search: string };
const NO_FILTERS: Filters = { contentType: '', status: '', categoryId: '', tagId: '', search: '' };

const valuesOf = (item: Item): ContentFormValues => ({
  title: item.title,
  slug: item.slug,
  content: item.content,
  excerpt: item.excerpt ?? '',
  contentType: item.contentType,
  status: item.status,
  categoryId: item.category?.id ?? '',
  tagIds: item.tags.map((tag) => tag.id),
});

/**
 * The admin panel's Content tab (spec section 2, "Admin content"): sub-tabs List, Create, Categories
 * and Tags, with edit and view dialogs. Mounted by the admin shell's tab registry.
 */
const variablesOf = (filters: Filters): AdminContentTabQuery['variables'] => ({
  contentType: filters.contentType.toLowerCase() || null,
  status: filters.status.toLowerCase() || null,
  categoryId: filters.categoryId || null,
  tagId: filters.tagId || null,
  search: filters.search.trim() || null,
});

/**
 * The admin panel's Content tab (spec section 2, "Admin content"): sub-tabs List, Create, Categories
 * and Tags, with edit and view dialogs. The route's loader starts the unfiltered list (adminTabs.ts);
 * a filter or a save loads it again with the filters.
 */
export default function AdminContentTab({ queryRef }: AdminTabProps) {
  const [filters, setFiltersState] = useState(NO_FILTERS);
  const [ref, load] = useQueryLoader<AdminContentTabQuery>(query, queryRef as PreloadedQuery<AdminContentTabQuery>);
  const [tab, setTab] = useState('list');
  const setFilters = (next: Filters) => {
    setFiltersState(next);
    load(variablesOf(next), { fetchPolicy: 'store-and-network' });
  };
  const reload = () => load(variablesOf(filters), { fetchPolicy: 'network-only' });
  return (
    <Stack gap="4" data-testid="admin-content">
      <Heading size="lg">
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
          {ref && (
            <ContentAdmin queryRef={ref} filters={filters} setFilters={setFilters} reload={reload} tab={tab} setTab={setTab} />
          )}
        </Suspense>
      </ErrorBoundary>
    </Stack>
  );
}

function ContentAdmin({
  queryRef,
  filters,
  setFilters,
  reload,
  tab,
  setTab,
}: {
  queryRef: PreloadedQuery<AdminContentTabQuery>;
  filters: Filters;
  setFilters: (filters: Filters) => void;
  reload: () => void;
  tab: string;
  setTab: (tab: string) => void;
}) {
  const { t } = useLingui();
  const data = usePreloadedQuery<AdminContentTabQuery>(query, queryRef);
  const [commitCreate, creating] = useMutation<AdminContentTabCreateMutation>(createMutation);
  const [createErrors, setCreateErrors] = useState<Record<string, string>>({});
  const [createKey, setCreateKey] = useState(0);

  const create = (values: ContentFormValues) =>
    commitCreate({
      variables: { input: toInput(values) },
      onCompleted: ({ createContent }) => {
        if (createContent.error) return failed(createContent.error, setCreateErrors, t`Ошибка при создании контента`);
        setCreateErrors({});
        setCreateKey((key) => key + 1);
        toaster.create({ type: 'success', title: t`Контент создан!` });
        reload();
        setTab('list');
      },
      onError: () => void toaster.create({ type: 'error', title: t`Ошибка при создании контента` }),
    });

  return (
    <Tabs.Root value={tab} onValueChange={(details) => setTab(details.value)} variant="enclosed" lazyMount>
      <Tabs.List flexWrap="wrap">
        <Tabs.Trigger value="list" data-testid="content-tab-list">
          <Trans>Список</Trans>
        </Tabs.Trigger>
        <Tabs.Trigger value="create" data-testid="content-tab-create">
          <Trans>Создать</Trans>
        </Tabs.Trigger>
        <Tabs.Trigger value="categories" data-testid="content-tab-categories">
          <Trans>Категории</Trans>
        </Tabs.Trigger>
        <Tabs.Trigger value="tags" data-testid="content-tab-tags">
          <Trans>Теги</Trans>
        </Tabs.Trigger>
      </Tabs.List>
      <Tabs.Content value="list">
        <ContentList data={data} filters={filters} setFilters={setFilters} reload={reload} />
      </Tabs.Content>
      <Tabs.Content value="create">
        <ContentForm
          key={createKey}
          initial={EMPTY_CONTENT}
          categories={data.contentCategories}
          tags={data.contentTags}
          saving={creating}
          errors={createErrors}
          submitLabel={<Trans>Создать</Trans>}
          onSubmit={create}
        />
      </Tabs.Content>
      <Tabs.Content value="categories">
        <TaxonomyEditor
          kind="category"
          rows={data.contentCategories.map((c) => ({ id: c.id, name: c.name, description: c.description, slug: c.slug }))}
          onChanged={reload}
        />
      </Tabs.Content>
      <Tabs.Content value="tags">
        <TaxonomyEditor kind="tag" rows={data.contentTags} onChanged={reload} />
      </Tabs.Content>
    </Tabs.Root>
  );
}

/** Shows a failed mutation: field messages next to the fields, the first one (or the server's text) as a notice. */
function failed(error: MutationErrorKey, setErrors: (errors: Record<string, string>) => void, fallback: string) {
  const fields = fieldErrorMap(error);
  setErrors(fields);
  toaster.create({ type: 'error', title: fallback, description: mutationErrorText(error, fallback) });
}

function FilterSelect({
  value,
  onChange,
  all,
  options,
  testId,
}: {
  value: string;
  onChange: (value: string) => void;
  all: string;
  options: { value: string; label: string }[];
  testId: string;
}) {
  return (
    <NativeSelect.Root size="sm" width={{ base: 'full', md: '44' }}>
      <NativeSelect.Field value={value} onChange={(e) => onChange(e.target.value)} data-testid={testId} aria-label={all}>
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
}

function ContentList({
  data,
  filters,
  setFilters,
  reload,
}: {
  data: Data;
  filters: Filters;
  setFilters: (filters: Filters) => void;
  reload: () => void;
}) {
  const { t } = useLingui();
  const [search, setSearch] = useState(filters.search);
  const [viewing, setViewing] = useState<Item | null>(null);
  const [editing, setEditing] = useState<Item | null>(null);
  const [deleting, setDeleting] = useState<Item | null>(null);
  const [commitDelete, deletePending] = useMutation<AdminContentTabDeleteMutation>(deleteMutation);
  const set = (key: keyof Filters) => (value: string) => setFilters({ ...filters, [key]: value });

  const remove = (item: Item) =>
    commitDelete({
      variables: { id: item.id, connections: [data.contentItems.__id] },
      onCompleted: ({ deleteContent }) => {
        setDeleting(null);
        if (deleteContent.error) {
          toaster.create({
            type: 'error',
            title: t`Ошибка при удалении контента`,
            description: mutationErrorText(deleteContent.error, ''),
          });
          return;
        }
        toaster.create({ type: 'success', title: t`Контент удалён!` });
        reload();
      },
      onError: () => void toaster.create({ type: 'error', title: t`Ошибка при удалении контента` }),
    });

  const items = data.contentItems.edges.map((edge) => edge.node);
  return (
    <Stack gap="4" pt="4">
      <Stack direction={{ base: 'column', md: 'row' }} gap="2" flexWrap="wrap">
        <Box
          as="form"
          flex="1"
          minW={{ md: '48' }}
          onSubmit={(event: React.FormEvent) => {
            event.preventDefault();
            setFilters({ ...filters, search });
          }}
        >
          <InputGroup startElement={<Search size={16} />}>
            <Input
              size="sm"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              onBlur={() => search !== filters.search && setFilters({ ...filters, search })}
              placeholder={t`Поиск по заголовку`}
              data-testid="content-search"
            />
          </InputGroup>
        </Box>
        <FilterSelect
          value={filters.contentType}
          onChange={set('contentType')}
          all={t`Все типы`}
          options={CONTENT_TYPES.map((type) => ({ value: type, label: t(TYPE_LABELS[type]!) }))}
          testId="content-filter-type"
        />
        <FilterSelect
          value={filters.status}
          onChange={set('status')}
          all={t`Все статусы`}
          options={CONTENT_STATUSES.map((status) => ({ value: status, label: t(STATUS_LABELS[status]!) }))}
          testId="content-filter-status"
        />
        <FilterSelect
          value={filters.categoryId}
          onChange={set('categoryId')}
          all={t`Все категории`}
          options={data.contentCategories.map((c) => ({ value: c.id, label: c.name }))}
          testId="content-filter-category"
        />
        <FilterSelect
          value={filters.tagId}
          onChange={set('tagId')}
          all={t`Все теги`}
          options={data.contentTags.map((tag) => ({ value: tag.id, label: tag.name }))}
          testId="content-filter-tag"
        />
      </Stack>
      <Text fontSize="sm" color="fg.muted" data-testid="content-total">
        <Trans>Найдено: {data.contentItems.totalCount}</Trans>
      </Text>
      {items.length === 0 ? (
        <Center py="10" color="fg.muted" data-testid="content-empty">
          <Trans>Контент не найден</Trans>
        </Center>
      ) : (
        <Table.ScrollArea borderWidth="1px" rounded="md">
          <Table.Root size="sm" striped data-testid="content-table">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>
                  <Trans>Заголовок</Trans>
                </Table.ColumnHeader>
                <Table.ColumnHeader>
                  <Trans>Тип</Trans>
                </Table.ColumnHeader>
                <Table.ColumnHeader>
                  <Trans>Статус</Trans>
                </Table.ColumnHeader>
                <Table.ColumnHeader hideBelow="md">
                  <Trans>Категория</Trans>
                </Table.ColumnHeader>
                <Table.ColumnHeader hideBelow="md">
                  <Trans>Автор</Trans>
                </Table.ColumnHeader>
                <Table.ColumnHeader hideBelow="md">
                  <Trans>Дата</Trans>
                </Table.ColumnHeader>
                <Table.ColumnHeader hideBelow="md" textAlign="end">
                  <Trans>Просмотры</Trans>
                </Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">
                  <Trans>Действия</Trans>
                </Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {items.map((item) => (
                <Table.Row key={item.id} data-testid="content-row">
                  <Table.Cell>
                    <Text fontWeight="medium">{item.title}</Text>
                    <Text fontSize="xs" color="fg.muted">
                      /{item.slug}
                    </Text>
                  </Table.Cell>
                  <Table.Cell>{t(TYPE_LABELS[item.contentType] ?? TYPE_LABELS.POST!)}</Table.Cell>
                  <Table.Cell>
                    <Badge colorPalette={STATUS_COLORS[item.status]} size="sm">
                      {t(STATUS_LABELS[item.status] ?? STATUS_LABELS.DRAFT!)}
                    </Badge>
                  </Table.Cell>
                  <Table.Cell hideBelow="md">{item.category?.name ?? '—'}</Table.Cell>
                  <Table.Cell hideBelow="md">{item.author ? `${item.author.firstName} ${item.author.lastName}` : '—'}</Table.Cell>
                  <Table.Cell hideBelow="md">{formatDate(item.createdAt)}</Table.Cell>
                  <Table.Cell hideBelow="md" textAlign="end">
                    {item.views}
                  </Table.Cell>
                  <RowActions
                    view={{ onClick: () => setViewing(item), testId: 'content-view' }}
                    edit={{ onClick: () => setEditing(item), testId: 'content-edit' }}
                    remove={{ onClick: () => setDeleting(item), testId: 'content-delete' }}
                  />
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
      {viewing && (
        <ContentDialog title={viewing.title} onClose={() => setViewing(null)} testId="content-view-dialog">
          <Stack gap="3">
            <HStack gap="2" flexWrap="wrap">
              <Badge colorPalette={STATUS_COLORS[viewing.status]}>
                {t(STATUS_LABELS[viewing.status] ?? STATUS_LABELS.DRAFT!)}
              </Badge>
              <Badge>{t(TYPE_LABELS[viewing.contentType] ?? TYPE_LABELS.POST!)}</Badge>
              {viewing.category && <Badge colorPalette="brand">{viewing.category.name}</Badge>}
              {viewing.tags.map((tag) => (
                <Badge key={tag.id} variant="outline">
                  #{tag.name}
                </Badge>
              ))}
            </HStack>
            <Text fontSize="sm" color="fg.muted">
              /content/{viewing.slug} · {formatDate(viewing.createdAt)} · <Trans>Просмотры: {viewing.views}</Trans>
            </Text>
            {viewing.excerpt && <Text fontStyle="italic">{viewing.excerpt}</Text>}
            <ContentBody html={viewing.content} />
          </Stack>
        </ContentDialog>
      )}
      {editing && <EditDialog item={editing} data={data} onClose={() => setEditing(null)} onSaved={reload} />}
      <ConfirmDialog
        open={!!deleting}
        title={<Trans>Удалить контент?</Trans>}
        confirmLabel={<Trans>Удалить</Trans>}
        destructive
        loading={deletePending}
        onConfirm={() => deleting && remove(deleting)}
        onCancel={() => setDeleting(null)}
      >
        <Trans>«{deleting?.title}» будет удалён вместе с историей версий. Это действие нельзя отменить.</Trans>
      </ConfirmDialog>
    </Stack>
  );
}

/** Viewing or editing an item: the whole screen on a phone, the body scrolling under the title. */
function ContentDialog({
  title,
  onClose,
  testId,
  children,
}: {
  title: React.ReactNode;
  onClose: () => void;
  testId: string;
  children: React.ReactNode;
}) {
  return (
    <AppDialog
      title={title}
      onClose={onClose}
      testId={testId}
      closeButton
      size={{ base: 'full', md: 'xl' }}
      scrollBehavior="inside"
    >
      {children}
    </AppDialog>
  );
}

function EditDialog({ item, data, onClose, onSaved }: { item: Item; data: Data; onClose: () => void; onSaved: () => void }) {
  const { t } = useLingui();
  const [commitUpdate, saving] = useMutation<AdminContentTabUpdateMutation>(updateMutation);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formKey, setFormKey] = useState(0);
  const [initial, setInitial] = useState(() => valuesOf(item));
  const save = (values: ContentFormValues) =>
    commitUpdate({
      variables: { id: item.id, input: toInput(values) },
      onCompleted: ({ updateContent }) => {
        if (updateContent.error) return failed(updateContent.error, setErrors, t`Ошибка при обновлении контента`);
        toaster.create({ type: 'success', title: t`Контент обновлён!` });
        onSaved();
        onClose();
      },
      onError: () => void toaster.create({ type: 'error', title: t`Ошибка при обновлении контента` }),
    });
  return (
    <ContentDialog title={<Trans>Редактирование</Trans>} onClose={onClose} testId="content-edit-dialog">
      <Stack gap="6">
        <ContentForm
          key={formKey}
          initial={initial}
          categories={data.contentCategories}
          tags={data.contentTags}
          saving={saving}
          errors={errors}
          submitLabel={<Trans>Сохранить</Trans>}
          onSubmit={save}
        />
        <ContentVersions
          contentId={item.id}
          onRestored={(restored) => {
            // The form shows what the restore put back.
            setInitial({
              ...restored,
              excerpt: restored.excerpt ?? '',
              categoryId: restored.category?.id ?? '',
              tagIds: restored.tags.map((tag) => tag.id),
            });
            setFormKey((key) => key + 1);
            onSaved();
          }}
        />
      </Stack>
    </ContentDialog>
  );
}

import { useState } from 'react';
import { Button, Center, HStack, IconButton, Input, Stack, Table, Text } from '@chakra-ui/react';
import { Trans, useLingui } from '@lingui/react/macro';
import { Check, Pencil, Trash2, X } from 'lucide-react';
import { graphql, useMutation } from 'react-relay/hooks';
import type { TaxonomyEditorCreateCategoryMutation } from '../../../__generated__/TaxonomyEditorCreateCategoryMutation.graphql';
import type { TaxonomyEditorUpdateCategoryMutation } from '../../../__generated__/TaxonomyEditorUpdateCategoryMutation.graphql';
import type { TaxonomyEditorDeleteCategoryMutation } from '../../../__generated__/TaxonomyEditorDeleteCategoryMutation.graphql';
import type { TaxonomyEditorCreateTagMutation } from '../../../__generated__/TaxonomyEditorCreateTagMutation.graphql';
import type { TaxonomyEditorUpdateTagMutation } from '../../../__generated__/TaxonomyEditorUpdateTagMutation.graphql';
import type { TaxonomyEditorDeleteTagMutation } from '../../../__generated__/TaxonomyEditorDeleteTagMutation.graphql';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { toaster } from '../../../components/ui/toaster';
import { mutationErrorText, type MutationErrorKey } from '../../../relay/mutationError';

const createCategory = graphql`
  mutation TaxonomyEditorCreateCategoryMutation($input: CategoryInput!) {
    createCategory(input: $input) {
      __typename
      ...mutationError_error @alias(as: "error")
    }
  }
`;
const updateCategory = graphql`
  mutation TaxonomyEditorUpdateCategoryMutation($id: ID!, $input: CategoryInput!) {
    updateCategory(id: $id, input: $input) {
      __typename
      ...mutationError_error @alias(as: "error")
    }
  }
`;
const deleteCategory = graphql`
  mutation TaxonomyEditorDeleteCategoryMutation($id: ID!) {
    deleteCategory(id: $id) {
      __typename
      ...mutationError_error @alias(as: "error")
    }
  }
`;
const createTag = graphql`
  mutation TaxonomyEditorCreateTagMutation($name: String!) {
    createTag(name: $name) {
      __typename
      ...mutationError_error @alias(as: "error")
    }
  }
`;
const updateTag = graphql`
  mutation TaxonomyEditorUpdateTagMutation($id: ID!, $name: String!) {
    updateTag(id: $id, name: $name) {
      __typename
      ...mutationError_error @alias(as: "error")
    }
  }
`;
const deleteTag = graphql`
  mutation TaxonomyEditorDeleteTagMutation($id: ID!) {
    deleteTag(id: $id) {
      __typename
      ...mutationError_error @alias(as: "error")
    }
  }
`;

type Row = { id: string; name: string; description?: string | null; slug?: string };
type Answer = { error?: MutationErrorKey | null } | null | undefined;

/** Categories or tags: add, rename (and describe a category), delete with confirmation. */
export function TaxonomyEditor({
  kind,
  rows,
  onChanged,
}: {
  kind: 'category' | 'tag';
  rows: readonly Row[];
  onChanged: () => void;
}) {
  const { t } = useLingui();
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [editing, setEditing] = useState<{ id: string; name: string; description: string } | null>(null);
  const [deleting, setDeleting] = useState<Row | null>(null);
  const [commitCreateCategory, c1] = useMutation<TaxonomyEditorCreateCategoryMutation>(createCategory);
  const [commitUpdateCategory, c2] = useMutation<TaxonomyEditorUpdateCategoryMutation>(updateCategory);
  const [commitDeleteCategory, c3] = useMutation<TaxonomyEditorDeleteCategoryMutation>(deleteCategory);
  const [commitCreateTag, t1] = useMutation<TaxonomyEditorCreateTagMutation>(createTag);
  const [commitUpdateTag, t2] = useMutation<TaxonomyEditorUpdateTagMutation>(updateTag);
  const [commitDeleteTag, t3] = useMutation<TaxonomyEditorDeleteTagMutation>(deleteTag);
  const busy = c1 || c2 || c3 || t1 || t2 || t3;
  const isCategory = kind === 'category';

  /** One outcome for every call: a notice, and the list reloaded on success. */
  const done = (fallback: string, success: string, after?: () => void) => ({
    onCompleted: (response: Record<string, Answer>) => {
      const answer = Object.values(response)[0];
      if (answer?.error) {
        toaster.create({ type: 'error', title: fallback, description: mutationErrorText(answer.error, fallback) });
        return;
      }
      toaster.create({ type: 'success', title: success });
      after?.();
      onChanged();
    },
    onError: () => void toaster.create({ type: 'error', title: fallback }),
  });

  const add = () => {
    const outcome = done(t`Ошибка при сохранении`, t`Сохранено!`, () => {
      setName('');
      setDescription('');
    });
    if (isCategory) commitCreateCategory({ variables: { input: { name, description: description || null } }, ...outcome });
    else commitCreateTag({ variables: { name }, ...outcome });
  };
  const saveEdit = () => {
    if (!editing) return;
    const outcome = done(t`Ошибка при сохранении`, t`Сохранено!`, () => setEditing(null));
    if (isCategory) {
      const slug = rows.find((row) => row.id === editing.id)?.slug ?? null;
      commitUpdateCategory({
        variables: { id: editing.id, input: { name: editing.name, description: editing.description || null, slug } },
        ...outcome,
      });
    } else commitUpdateTag({ variables: { id: editing.id, name: editing.name }, ...outcome });
  };
  const remove = (row: Row) => {
    const outcome = done(t`Ошибка при удалении`, t`Удалено!`, () => setDeleting(null));
    if (isCategory) commitDeleteCategory({ variables: { id: row.id }, ...outcome });
    else commitDeleteTag({ variables: { id: row.id }, ...outcome });
  };

  return (
    <Stack gap="4" pt="4" data-testid={`${kind}-editor`}>
      <Stack
        as="form"
        direction={{ base: 'column', md: 'row' }}
        gap="2"
        onSubmit={(event: React.FormEvent) => {
          event.preventDefault();
          if (name.trim()) add();
        }}
      >
        <Input
          size="sm"
          value={name}
          onChange={(e) => setName(e.target.value)}
          placeholder={isCategory ? t`Название категории` : t`Название тега`}
          maxLength={isCategory ? 100 : 60}
          data-testid={`${kind}-name`}
        />
        {isCategory && (
          <Input
            size="sm"
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            placeholder={t`Описание`}
            maxLength={1000}
          />
        )}
        <Button
          type="submit"
          size="sm"
          colorPalette="brand"
          disabled={!name.trim()}
          loading={c1 || t1}
          data-testid={`${kind}-add`}
        >
          <Trans>Добавить</Trans>
        </Button>
      </Stack>
      {rows.length === 0 ? (
        <Center py="6" color="fg.muted">
          {isCategory ? <Trans>Категорий пока нет</Trans> : <Trans>Тегов пока нет</Trans>}
        </Center>
      ) : (
        <Table.ScrollArea borderWidth="1px" rounded="md">
          <Table.Root size="sm">
            <Table.Body>
              {rows.map((row) => (
                <Table.Row key={row.id} data-testid={`${kind}-row`}>
                  {editing?.id === row.id ? (
                    <Table.Cell colSpan={2}>
                      <Stack direction={{ base: 'column', md: 'row' }} gap="2">
                        <Input
                          size="sm"
                          value={editing.name}
                          onChange={(e) => setEditing({ ...editing, name: e.target.value })}
                          aria-label={t`Название`}
                        />
                        {isCategory && (
                          <Input
                            size="sm"
                            value={editing.description}
                            onChange={(e) => setEditing({ ...editing, description: e.target.value })}
                            aria-label={t`Описание`}
                          />
                        )}
                        <HStack>
                          <IconButton
                            size="xs"
                            aria-label={t`Сохранить`}
                            onClick={saveEdit}
                            loading={busy}
                            disabled={!editing.name.trim()}
                          >
                            <Check />
                          </IconButton>
                          <IconButton size="xs" variant="ghost" aria-label={t`Отмена`} onClick={() => setEditing(null)}>
                            <X />
                          </IconButton>
                        </HStack>
                      </Stack>
                    </Table.Cell>
                  ) : (
                    <>
                      <Table.Cell>
                        <Text fontWeight="medium">{isCategory ? row.name : `#${row.name}`}</Text>
                        {isCategory && (
                          <Text fontSize="xs" color="fg.muted">
                            /{row.slug}
                            {row.description ? ` · ${row.description}` : ''}
                          </Text>
                        )}
                      </Table.Cell>
                      <Table.Cell textAlign="end" width="24">
                        <HStack gap="1" justify="flex-end">
                          <IconButton
                            size="xs"
                            variant="ghost"
                            aria-label={t`Редактировать`}
                            onClick={() => setEditing({ id: row.id, name: row.name, description: row.description ?? '' })}
                          >
                            <Pencil />
                          </IconButton>
                          <IconButton
                            size="xs"
                            variant="ghost"
                            colorPalette="red"
                            aria-label={t`Удалить`}
                            onClick={() => setDeleting(row)}
                          >
                            <Trash2 />
                          </IconButton>
                        </HStack>
                      </Table.Cell>
                    </>
                  )}
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
      <ConfirmDialog
        open={!!deleting}
        title={isCategory ? <Trans>Удалить категорию?</Trans> : <Trans>Удалить тег?</Trans>}
        confirmLabel={<Trans>Удалить</Trans>}
        destructive
        loading={c3 || t3}
        onConfirm={() => deleting && remove(deleting)}
        onCancel={() => setDeleting(null)}
      >
        {isCategory ? (
          <Trans>Материалы категории «{deleting?.name}» останутся без категории.</Trans>
        ) : (
          <Trans>Тег «{deleting?.name}» будет снят со всех материалов.</Trans>
        )}
      </ConfirmDialog>
    </Stack>
  );
}

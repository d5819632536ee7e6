import { HStack, IconButton, Table } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { Eye, Pencil, Trash2 } from 'lucide-react';

/** One action of a row: what it does and the test id of its button. */
interface RowAction {
  onClick: () => void;
  testId: string;
}

/**
 * The last cell of an admin table's row: view, edit and delete as icon buttons named for screen
 * readers (users, content, media library).
 */
export function RowActions({ view, edit, remove }: { view: RowAction; edit: RowAction; remove: RowAction }) {
  const { t } = useLingui();
  return (
    <Table.Cell>
      <HStack gap="1" justify="flex-end">
        <IconButton size="xs" variant="ghost" aria-label={t`Просмотр`} onClick={view.onClick} data-testid={view.testId}>
          <Eye size={16} />
        </IconButton>
        <IconButton size="xs" variant="ghost" aria-label={t`Изменить`} onClick={edit.onClick} data-testid={edit.testId}>
          <Pencil size={16} />
        </IconButton>
        <IconButton
          size="xs"
          variant="ghost"
          colorPalette="red"
          aria-label={t`Удалить`}
          onClick={remove.onClick}
          data-testid={remove.testId}
        >
          <Trash2 size={16} />
        </IconButton>
      </HStack>
    </Table.Cell>
  );
}

import type { ReactNode } from 'react';
import { Button, Dialog, Portal } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';

/** A centred dialog with a title, a body and a row of footer buttons. */
export function SimpleDialog({
  open,
  onClose,
  title,
  children,
  footer,
  role = 'dialog',
  size,
  testId,
}: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  children?: ReactNode;
  footer: ReactNode;
  role?: 'dialog' | 'alertdialog';
  /** Wider than the default for editors with a preview. */
  size?: 'md' | 'lg' | 'xl';
  testId?: string;
}) {
  return (
    <Dialog.Root open={open} onOpenChange={(details) => !details.open && onClose()} role={role} placement="center" size={size}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid={testId}>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            {children && <Dialog.Body>{children}</Dialog.Body>}
            <Dialog.Footer flexWrap="wrap">{footer}</Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/** Asks before a consequential action (block, unblock, removing a friend...). */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  destructive = false,
  loading = false,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: ReactNode;
  children?: ReactNode;
  confirmLabel: ReactNode;
  destructive?: boolean;
  loading?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <SimpleDialog
      open={open}
      onClose={onCancel}
      title={title}
      role="alertdialog"
      testId="confirm-dialog"
      footer={
        <>
          <Button variant="outline" onClick={onCancel} data-testid="confirm-cancel">
            <Trans>Отмена</Trans>
          </Button>
          <Button colorPalette={destructive ? 'red' : 'brand'} loading={loading} onClick={onConfirm} data-testid="confirm-ok">
            {confirmLabel}
          </Button>
        </>
      }
    >
      {children}
    </SimpleDialog>
  );
}

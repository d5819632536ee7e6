import type { ReactNode } from 'react';
import { Button, CloseButton, Dialog, Portal } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';

/** The meeting area's dialogs: a title, a body, actions; closing calls `onClose`. */
export function MeetingDialog({
  title,
  children,
  footer,
  onClose,
  testId,
  size = 'md',
}: {
  title: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  onClose: () => void;
  testId?: string;
  /** A responsive value ({ base: 'full', md: 'xl' }) gives a phone the whole screen. */
  size?: Dialog.RootProps['size'];
}) {
  return (
    <Dialog.Root open onOpenChange={(details) => !details.open && onClose()} placement="center" size={size}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid={testId}>
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>{children}</Dialog.Body>
            {footer && <Dialog.Footer>{footer}</Dialog.Footer>}
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/** Cancel and the dialog's main action (a submit button of `form` when given). */
export function DialogActions({
  onCancel,
  label,
  icon,
  form,
  onClick,
  loading,
  disabled,
  testId,
}: {
  onCancel: () => void;
  label: ReactNode;
  icon?: ReactNode;
  form?: string;
  onClick?: () => void;
  loading?: boolean;
  disabled?: boolean;
  testId?: string;
}) {
  return (
    <>
      <Button variant="outline" onClick={onCancel}>
        <Trans>Отмена</Trans>
      </Button>
      <Button
        type={form ? 'submit' : 'button'}
        form={form}
        onClick={onClick}
        colorPalette="brand"
        loading={loading}
        disabled={disabled}
        data-testid={testId}
      >
        {icon}
        {label}
      </Button>
    </>
  );
}

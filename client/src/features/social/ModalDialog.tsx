import type { ReactNode } from 'react';
import { CloseButton, Dialog, Portal } from '@chakra-ui/react';

/** The social area's modal: a title (and subtitle), a body, footer actions and a close button. */
export function ModalDialog({
  open,
  onClose,
  title,
  subtitle,
  footer,
  children,
  testId,
  alert = false,
}: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  subtitle?: ReactNode;
  footer: ReactNode;
  children: ReactNode;
  testId?: string;
  /** A confirmation of something destructive (role alertdialog). */
  alert?: boolean;
}) {
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => !details.open && onClose()}
      placement="center"
      scrollBehavior="inside"
      role={alert ? 'alertdialog' : 'dialog'}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid={testId}>
            <Dialog.Header flexDirection="column" alignItems="flex-start" gap="0">
              <Dialog.Title>{title}</Dialog.Title>
              {subtitle}
            </Dialog.Header>
            <Dialog.Body>{children}</Dialog.Body>
            <Dialog.Footer>{footer}</Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

import type { ReactNode } from 'react'
import { CloseButton, Dialog, Portal } from '@chakra-ui/react'

/** The meeting area's dialogs: a title, a body, actions; closing calls `onClose`. */
export function MeetingDialog({
  title,
  children,
  footer,
  onClose,
  testId,
  size = 'md',
}: {
  title: ReactNode
  children: ReactNode
  footer?: ReactNode
  onClose: () => void
  testId?: string
  size?: 'sm' | 'md' | 'lg'
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
  )
}

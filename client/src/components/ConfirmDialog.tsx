import type { ReactNode } from 'react'
import { Button, Dialog, Portal } from '@chakra-ui/react'
import { Trans } from '@lingui/react/macro'

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
  open: boolean
  title: ReactNode
  children?: ReactNode
  confirmLabel: ReactNode
  destructive?: boolean
  loading?: boolean
  onConfirm: () => void
  onCancel: () => void
}) {
  return (
    <Dialog.Root open={open} onOpenChange={(details) => !details.open && onCancel()} role="alertdialog" placement="center">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid="confirm-dialog">
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            {children && <Dialog.Body>{children}</Dialog.Body>}
            <Dialog.Footer>
              <Button variant="outline" onClick={onCancel} data-testid="confirm-cancel">
                <Trans>Отмена</Trans>
              </Button>
              <Button colorPalette={destructive ? 'red' : 'blue'} loading={loading} onClick={onConfirm} data-testid="confirm-ok">
                {confirmLabel}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}

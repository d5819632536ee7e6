import type { ReactNode } from 'react';
import { Button, CloseButton, Dialog, Portal } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';

/** A centred dialog with a title, a body and a row of footer buttons; closing calls `onClose`. */
export function AppDialog({
  open = true,
  onClose,
  title,
  subtitle,
  children,
  footer,
  closeButton = false,
  dismissible = true,
  role = 'dialog',
  size,
  scrollBehavior,
  testId,
}: {
  /** Most callers mount the dialog only while it is shown. */
  open?: boolean;
  onClose: () => void;
  title: ReactNode;
  /** A line under the title (what the dialog is about: an address, a name). */
  subtitle?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  /** A × in the corner, for dialogs whose footer has no way out (or none at all). */
  closeButton?: boolean;
  /**
   * Whether Escape and a click outside close it. Off for a dialog showing what cannot be shown again
   * (a new API key's secret): only its own button closes it, so a stray key or tap cannot lose it.
   */
  dismissible?: boolean;
  role?: 'dialog' | 'alertdialog';
  /** Wider for editors with a preview; a responsive value ({ base: 'full', md: 'xl' }) gives a phone the whole screen. */
  size?: Dialog.RootProps['size'];
  /** 'inside' keeps the title and footer in view while a long body scrolls. */
  scrollBehavior?: Dialog.RootProps['scrollBehavior'];
  testId?: string;
}) {
  return (
    <Dialog.Root
      open={open}
      onOpenChange={(details) => !details.open && onClose()}
      role={role}
      closeOnEscape={dismissible}
      closeOnInteractOutside={dismissible}
      placement="center"
      size={size}
      scrollBehavior={scrollBehavior}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content data-testid={testId}>
            <Dialog.Header flexDirection="column" alignItems="flex-start" gap="0">
              <Dialog.Title>{title}</Dialog.Title>
              {subtitle}
            </Dialog.Header>
            {children && <Dialog.Body>{children}</Dialog.Body>}
            {footer && <Dialog.Footer flexWrap="wrap">{footer}</Dialog.Footer>}
            {closeButton && (
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" />
              </Dialog.CloseTrigger>
            )}
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

/**
 * A dialog footer's Cancel and main action. With `form` the action submits that form, so the
 * form's own onSubmit (and Enter in its fields) runs it.
 */
export function DialogActions({
  onCancel,
  label,
  icon,
  form,
  onClick,
  loading,
  disabled,
  destructive = false,
  testId,
  cancelTestId,
}: {
  onCancel: () => void;
  label: ReactNode;
  icon?: ReactNode;
  form?: string;
  onClick?: () => void;
  loading?: boolean;
  disabled?: boolean;
  /** Red, for an action that deletes or cannot be undone. */
  destructive?: boolean;
  testId?: string;
  cancelTestId?: string;
}) {
  return (
    <>
      <Button variant="outline" onClick={onCancel} data-testid={cancelTestId}>
        <Trans>Отмена</Trans>
      </Button>
      <Button
        type={form ? 'submit' : 'button'}
        form={form}
        onClick={onClick}
        colorPalette={destructive ? 'red' : 'brand'}
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

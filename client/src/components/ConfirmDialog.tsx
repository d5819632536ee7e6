import type { ReactNode } from 'react';
import { AppDialog, DialogActions } from './AppDialog';

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
    <AppDialog
      open={open}
      onClose={onCancel}
      title={title}
      role="alertdialog"
      testId="confirm-dialog"
      footer={
        <DialogActions
          onCancel={onCancel}
          label={confirmLabel}
          onClick={onConfirm}
          loading={loading}
          destructive={destructive}
          testId="confirm-ok"
          cancelTestId="confirm-cancel"
        />
      }
    >
      {children}
    </AppDialog>
  );
}

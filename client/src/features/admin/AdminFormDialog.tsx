import type { ComponentProps, ReactNode } from 'react';
import { Stack } from '@chakra-ui/react';
import { Trans } from '@lingui/react/macro';
import { AppDialog, DialogActions } from '../../components/AppDialog';
import { FormError } from '../../components/FormError';

/**
 * An admin tab's editor in a dialog: a form whose fields stand under the server's refusal (when there
 * is one), in a dialog whose footer has Cancel and a main button that submits the form (so Enter in a
 * field submits it too). Every admin editor (stylesheets, templates, themes, API keys, plans,
 * subscription groups, media files, users, trivia questions) is this same frame around its own
 * fields and its own submit; it was written out in each of them.
 */
export function AdminFormDialog({
  formId,
  title,
  size,
  testId,
  error,
  errorTestId,
  submitLabel,
  submitting,
  submitTestId,
  extraActions,
  gap = '3',
  onSubmit,
  onClose,
  children,
  done,
}: {
  /** The form's id: the footer's main button, outside the form, submits it by this id. */
  formId: string;
  title: ReactNode;
  size?: ComponentProps<typeof AppDialog>['size'];
  testId: string;
  /** The refusal shown above the fields (null: none). */
  error: string | null;
  errorTestId?: string;
  /** The main button's text; «Сохранить» when not given. */
  submitLabel?: ReactNode;
  submitting: boolean;
  submitTestId: string;
  /** Footer buttons before Cancel (the template editor's preview). */
  extraActions?: ReactNode;
  /** The space between the fields. */
  gap?: string;
  /** What submitting does; the browser's own submission is already prevented. */
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
  /**
   * What the dialog shows in place of the form once the form has done its work and the admin has
   * something to read before closing it (a new API key's secret, shown this once). It is the same
   * dialog going on, not another one opened as this one closes: a closing dialog hands the focus
   * back to the button that opened it, and a dialog opened at that moment took the focus leaving
   * it for a click outside and closed at once. Only its own footer closes it (not Escape, not a
   * click outside): what it shows may not be shown again.
   */
  done?: { title: ReactNode; testId: string; body: ReactNode; footer: ReactNode } | null;
}) {
  if (done) {
    return (
      <AppDialog onClose={onClose} dismissible={false} size={size} title={done.title} testId={done.testId} footer={done.footer}>
        {done.body}
      </AppDialog>
    );
  }
  const actions = (
    <DialogActions
      onCancel={onClose}
      form={formId}
      label={submitLabel ?? <Trans>Сохранить</Trans>}
      loading={submitting}
      testId={submitTestId}
    />
  );
  return (
    <AppDialog
      onClose={onClose}
      size={size}
      title={title}
      testId={testId}
      footer={
        extraActions ? (
          <>
            {extraActions}
            {actions}
          </>
        ) : (
          actions
        )
      }
    >
      <form
        id={formId}
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
        noValidate
      >
        <Stack gap={gap}>
          <FormError error={error} testId={errorTestId} />
          {children}
        </Stack>
      </form>
    </AppDialog>
  );
}

import { forwardRef, useState } from 'react';
import { IconButton, Input, InputGroup, type InputProps } from '@chakra-ui/react';
import { useLingui } from '@lingui/react/macro';
import { Eye, EyeOff } from 'lucide-react';

/** A password input with a show/hide toggle; takes its id and label from the surrounding Field. */
export const PasswordInput = forwardRef<HTMLInputElement, InputProps>(function PasswordInput(props, ref) {
  const { t } = useLingui();
  const [visible, setVisible] = useState(false);
  return (
    <InputGroup
      endElementProps={{ pe: '1' }}
      endElement={
        <IconButton
          type="button"
          size="xs"
          variant="ghost"
          aria-label={visible ? t`Скрыть пароль` : t`Показать пароль`}
          aria-pressed={visible}
          data-testid="password-visibility-toggle"
          onClick={() => setVisible((value) => !value)}
        >
          {visible ? <EyeOff /> : <Eye />}
        </IconButton>
      }
    >
      <Input ref={ref} type={visible ? 'text' : 'password'} {...props} />
    </InputGroup>
  );
});

import { useState } from 'react';
import { Tabs } from '@chakra-ui/react';
import { useLocation } from 'react-router';
import { Trans, useLingui } from '@lingui/react/macro';
import { AuthLayout } from './AuthLayout';
import { LoginForm } from './LoginForm';
import { RecoveryForm } from './RecoveryForm';
import { RegisterForm } from './RegisterForm';

type Mode = 'login' | 'register' | 'recovery';

/** Login and registration tabs plus the password recovery mode (spec section 4, "Login screen modes"). */
export default function LoginPage() {
  const { t } = useLingui();
  // /register (the landing page's button) opens on the registration tab.
  const [mode, setMode] = useState<Mode>(useLocation().pathname === '/register' ? 'register' : 'login');
  const [notice, setNotice] = useState<string | null>(null);
  const [email, setEmail] = useState('');
  // A new key remounts the login form, so it picks up the prefilled email and clears the password.
  const [loginKey, setLoginKey] = useState(0);

  const showLogin = (message: string | null, prefill?: string) => {
    setNotice(message);
    if (prefill !== undefined) setEmail(prefill);
    setLoginKey((key) => key + 1);
    setMode('login');
  };

  if (mode === 'recovery') {
    return (
      <AuthLayout>
        <RecoveryForm
          onSent={() => showLogin(t`Инструкции по восстановлению пароля отправлены на ваш email`)}
          onBack={() => showLogin(null)}
        />
      </AuthLayout>
    );
  }

  return (
    <AuthLayout>
      <Tabs.Root
        value={mode}
        onValueChange={(details) => {
          setNotice(null);
          setMode(details.value as Mode);
        }}
        variant="enclosed"
        fitted
        lazyMount
        unmountOnExit
      >
        <Tabs.List mb="6">
          <Tabs.Trigger value="login" data-testid="tab-login">
            <Trans>Вход</Trans>
          </Tabs.Trigger>
          <Tabs.Trigger value="register" data-testid="tab-register">
            <Trans>Регистрация</Trans>
          </Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="login" p="0">
          <LoginForm
            key={loginKey}
            initialEmail={email}
            notice={notice}
            onForgotPassword={() => {
              setNotice(null);
              setMode('recovery');
            }}
          />
        </Tabs.Content>
        <Tabs.Content value="register" p="0">
          <RegisterForm
            onRegistered={() =>
              // The spec: after registration the login tab opens with an empty form.
              showLogin(t`Регистрация прошла успешно. Войдите, используя свой email и пароль.`, '')
            }
          />
        </Tabs.Content>
      </Tabs.Root>
    </AuthLayout>
  );
}

import { meetingMessages } from './meetingMessages';

/**
 * Texts the server itself sends (error messages, mails, notifications), in the product's three
 * languages. Russian is the source; keys are stable codes that clients may also switch on.
 */
export const messages = {
  ...meetingMessages,
  'auth.invalidCredentials': {
    ru: 'Неверный email или пароль',
    en: 'Invalid email or password',
    fr: 'E-mail ou mot de passe incorrect',
  },
  'auth.tooManyAttempts': {
    ru: 'Слишком много попыток входа. Попробуйте позже',
    en: 'Too many login attempts. Try again later',
    fr: 'Trop de tentatives de connexion. Réessayez plus tard',
  },
  'auth.tooManyRequests': {
    ru: 'Слишком много запросов. Попробуйте позже',
    en: 'Too many requests. Try again later',
    fr: 'Trop de requêtes. Réessayez plus tard',
  },
  'auth.accountDisabled': {
    ru: 'Учётная запись отключена администратором',
    en: 'This account has been disabled by an administrator',
    fr: 'Ce compte a été désactivé par un administrateur',
  },
  'auth.notAuthenticated': {
    ru: 'Требуется вход в систему',
    en: 'You need to sign in',
    fr: 'Vous devez vous connecter',
  },
  'auth.invalidToken': {
    ru: 'Сессия недействительна или истекла. Войдите заново',
    en: 'The session is invalid or has expired. Sign in again',
    fr: 'La session est invalide ou a expiré. Reconnectez-vous',
  },
  'auth.forbidden': {
    ru: 'Недостаточно прав для этого действия',
    en: 'You do not have permission to do this',
    fr: "Vous n'avez pas l'autorisation d'effectuer cette action",
  },
  'auth.emailTaken': {
    ru: 'Пользователь с таким email уже зарегистрирован',
    en: 'A user with this email is already registered',
    fr: 'Un utilisateur avec cet e-mail est déjà inscrit',
  },
  'auth.usernameTaken': {
    ru: 'Это имя пользователя уже занято',
    en: 'This username is already taken',
    fr: "Ce nom d'utilisateur est déjà pris",
  },
  'auth.resetRequested': {
    ru: 'Инструкции по восстановлению пароля отправлены на ваш email',
    en: 'Password recovery instructions have been sent to your email',
    fr: 'Les instructions de récupération du mot de passe ont été envoyées à votre e-mail',
  },
  'auth.resetTokenInvalid': {
    ru: 'Ссылка для сброса пароля недействительна или устарела',
    en: 'The password reset link is invalid or has expired',
    fr: 'Le lien de réinitialisation du mot de passe est invalide ou a expiré',
  },
  'auth.passwordReset': {
    ru: 'Пароль изменён. Теперь можно войти с новым паролем',
    en: 'Your password has been changed. You can now sign in with it',
    fr: 'Votre mot de passe a été modifié. Vous pouvez maintenant vous connecter',
  },
  'validation.invalidInput': {
    ru: 'Проверьте введённые данные',
    en: 'Check the data you entered',
    fr: 'Vérifiez les données saisies',
  },
  'validation.required': {
    ru: 'Обязательное поле',
    en: 'This field is required',
    fr: 'Ce champ est obligatoire',
  },
  'validation.emailRequired': { ru: 'Введите email', en: 'Enter email', fr: "Saisissez l'e-mail" },
  'validation.passwordRequired': { ru: 'Введите пароль', en: 'Enter password', fr: 'Saisissez le mot de passe' },
  'validation.email': {
    ru: 'Введите корректный email',
    en: 'Enter a valid email',
    fr: 'Saisissez un e-mail valide',
  },
  'validation.passwordLength': {
    ru: 'Пароль должен содержать не менее 6 символов',
    en: 'The password must be at least 6 characters long',
    fr: 'Le mot de passe doit contenir au moins 6 caractères',
  },
  'validation.tooLong': {
    ru: 'Не более {max} символов',
    en: 'At most {max} characters',
    fr: '{max} caractères maximum',
  },
  'validation.username': {
    ru: 'Имя пользователя: 3–32 символа, латинские буквы, цифры, точка, дефис и подчёркивание',
    en: 'Username: 3–32 characters, Latin letters, digits, dot, hyphen and underscore',
    fr: "Nom d'utilisateur : 3 à 32 caractères, lettres latines, chiffres, point, tiret et tiret bas",
  },
  'request.malformedJson': {
    ru: 'Тело запроса не является корректным JSON',
    en: 'The request body is not valid JSON',
    fr: "Le corps de la requête n'est pas un JSON valide",
  },
  'request.notFound': { ru: 'Не найдено', en: 'Not found', fr: 'Introuvable' },
  'request.methodNotAllowed': {
    ru: 'Этот метод не поддерживается для этого адреса',
    en: 'This method is not allowed for this path',
    fr: "Cette méthode n'est pas autorisée pour ce chemin",
  },
  'request.serverError': {
    ru: 'Ошибка сервера. Попробуйте позже',
    en: 'Server error. Try again later',
    fr: 'Erreur du serveur. Réessayez plus tard',
  },
  'notification.newSignIn': {
    ru: 'В ваш аккаунт выполнен вход с другого устройства',
    en: 'Someone signed in to your account from another device',
    fr: "Une connexion à votre compte a eu lieu depuis un autre appareil",
  },
  'mail.reset.subject': {
    ru: 'LinkUp: восстановление пароля',
    en: 'LinkUp: password recovery',
    fr: 'LinkUp : récupération du mot de passe',
  },
  'mail.reset.body': {
    ru: 'Здравствуйте, {name}!\n\nЧтобы задать новый пароль, откройте ссылку:\n{link}\n\nСсылка действует {minutes} мин. и может быть использована один раз. Если вы не запрашивали восстановление, просто проигнорируйте это письмо.\n\nКоманда LinkUp',
    en: 'Hello {name},\n\nTo set a new password, open this link:\n{link}\n\nThe link is valid for {minutes} minutes and works once. If you did not ask for this, ignore this email.\n\nThe LinkUp team',
    fr: "Bonjour {name},\n\nPour définir un nouveau mot de passe, ouvrez ce lien :\n{link}\n\nLe lien est valable {minutes} minutes et ne fonctionne qu'une fois. Si vous n'êtes pas à l'origine de cette demande, ignorez cet e-mail.\n\nL'équipe LinkUp",
  },
} as const satisfies Record<string, Record<Locale, string>>;

export type Locale = 'ru' | 'en' | 'fr';
export type MessageKey = keyof typeof messages;

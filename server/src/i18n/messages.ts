import type { Locale } from './locale';
import { meetingMessages } from './meetingMessages';
import { adminMessages } from './adminMessages';
import { subscriptionMessages } from './subscriptionMessages';
import { landingMessages } from './landingMessages';
import { calendarMessages } from './calendarMessages';
import { socialMessages } from './socialMessages';
import { apiKeyMessages } from './apiKeyMessages';
import { moduleMessages } from './moduleMessages';
import { settingsMessages } from './settingsMessages';
import { brandingMessages } from './brandingMessages';
import { searchMessages } from './searchMessages';
import { boardMessages } from './boardMessages';
import { gameMessages } from './gameMessages';
import { activityMessages } from './activityMessages';
import { presentationMessages } from './presentationMessages';
import { communityMessages } from './communityMessages';

/**
 * Texts the server itself sends (error messages, mails, notifications), in the product's three
 * languages. Russian is the source; keys are stable codes that clients may also switch on.
 */
export const messages = {
  ...meetingMessages,
  ...adminMessages,
  ...subscriptionMessages,
  ...landingMessages,
  ...calendarMessages,
  ...socialMessages,
  ...apiKeyMessages,
  ...moduleMessages,
  ...settingsMessages,
  ...brandingMessages,
  ...searchMessages,
  ...boardMessages,
  ...gameMessages,
  ...activityMessages,
  ...presentationMessages,
  ...communityMessages,
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
  'auth.resetEmailRequired': {
    ru: 'Введите email для восстановления пароля',
    en: 'Enter email to recover your password',
    fr: 'Saisissez votre e-mail pour récupérer votre mot de passe',
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
  'validation.notText': {
    ru: 'Значение должно быть текстом',
    en: 'The value must be text',
    fr: 'La valeur doit être un texte',
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
  'validation.invalidValue': {
    ru: 'Недопустимое значение поля {field}',
    en: 'Invalid value for the field {field}',
    fr: 'Valeur non valide pour le champ {field}',
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
  'files.linkInvalid': {
    ru: 'Ссылка на файл недействительна или устарела. Откройте файл заново',
    en: 'The link to this file is invalid or has expired. Open the file again',
    fr: 'Le lien vers ce fichier est invalide ou a expiré. Rouvrez le fichier',
  },
  'request.malformedForm': {
    ru: 'Тело запроса не удалось прочитать как форму (multipart/form-data или urlencoded)',
    en: 'The request body could not be read as a form (multipart/form-data or urlencoded)',
    fr: 'Le corps de la requête ne peut pas être lu comme un formulaire (multipart/form-data ou urlencoded)',
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
  'request.tooLarge': {
    ru: 'Слишком большой запрос: не более {max} МБ за один раз',
    en: 'The request is too large: at most {max} MB at a time',
    fr: 'La requête est trop volumineuse : {max} Mo maximum à la fois',
  },
  'upload.tooLarge': {
    ru: 'Файл {name} слишком большой (максимум {max}MB)',
    en: 'The file {name} is too large (maximum {max}MB)',
    fr: 'Le fichier {name} est trop volumineux (maximum {max} Mo)',
  },
  'upload.notImage': {
    ru: 'Файл {name} не является изображением',
    en: 'The file {name} is not an image',
    fr: "Le fichier {name} n'est pas une image",
  },
  'upload.notVideo': {
    ru: 'Файл {name} не является видео',
    en: 'The file {name} is not a video',
    fr: "Le fichier {name} n'est pas une vidéo",
  },
  'upload.notImageOrVideo': {
    ru: 'Файл {name} не является изображением или видео',
    en: 'The file {name} is neither an image nor a video',
    fr: "Le fichier {name} n'est ni une image ni une vidéo",
  },
  'messages.attachmentType': {
    ru: 'Файл {name} нельзя прикрепить: подходят изображения, видео, аудио, PDF, DOC, DOCX, TXT, ZIP и RAR',
    en: 'The file {name} cannot be attached: images, video, audio, PDF, DOC, DOCX, TXT, ZIP and RAR are accepted',
    fr: 'Le fichier {name} ne peut pas être joint : images, vidéos, audio, PDF, DOC, DOCX, TXT, ZIP et RAR sont acceptés',
  },
  'upload.tooMany': {
    ru: 'Не более {max} файлов за один раз',
    en: 'At most {max} files at a time',
    fr: '{max} fichiers maximum à la fois',
  },
  'upload.noFiles': {
    ru: 'Выберите файлы для загрузки',
    en: 'Choose files to upload',
    fr: 'Choisissez des fichiers à téléverser',
  },
  'media.invalidName': {
    ru: 'Недопустимое имя файла',
    en: 'Invalid file name',
    fr: 'Nom de fichier invalide',
  },
  'media.notYours': {
    ru: 'Файл {name} не найден среди ваших неприкреплённых загрузок',
    en: 'The file {name} is not among your unattached uploads',
    fr: 'Le fichier {name} ne fait pas partie de vos téléversements non joints',
  },
  'publication.empty': {
    ru: 'Добавьте текст или загрузите файлы',
    en: 'Add text or upload files',
    fr: 'Ajoutez du texte ou téléversez des fichiers',
  },
  'publication.notFound': {
    ru: 'Публикация не найдена',
    en: 'Publication not found',
    fr: 'Publication introuvable',
  },
  'publication.authorOnly': {
    ru: 'Изменять и удалять публикацию может только её автор',
    en: 'Only the author can edit or delete a publication',
    fr: "Seul l'auteur peut modifier ou supprimer une publication",
  },
  'content.titleRequired': { ru: 'Введите заголовок', en: 'Enter a title', fr: 'Saisissez un titre' },
  'content.contentRequired': { ru: 'Введите содержание', en: 'Enter the content', fr: 'Saisissez le contenu' },
  'content.invalidType': {
    ru: 'Тип должен быть одним из: post, page, article',
    en: 'The type must be one of: post, page, article',
    fr: "Le type doit être l'un de : post, page, article",
  },
  'content.invalidStatus': {
    ru: 'Статус должен быть одним из: draft, published, archived',
    en: 'The status must be one of: draft, published, archived',
    fr: "Le statut doit être l'un de : draft, published, archived",
  },
  'content.slugTaken': {
    ru: 'Этот адрес (slug) уже занят другим материалом',
    en: 'This slug is already used by another item',
    fr: 'Ce slug est déjà utilisé par un autre contenu',
  },
  'content.unknownCategory': { ru: 'Такой категории нет', en: 'No such category', fr: "Cette catégorie n'existe pas" },
  'content.unknownTag': { ru: 'Такого тега нет', en: 'No such tag', fr: "Ce tag n'existe pas" },
  'content.notFound': { ru: 'Материал не найден', en: 'Content not found', fr: 'Contenu introuvable' },
  'content.versionNotFound': { ru: 'Версия не найдена', en: 'Version not found', fr: 'Version introuvable' },
  'content.categoryNotFound': { ru: 'Категория не найдена', en: 'Category not found', fr: 'Catégorie introuvable' },
  'content.tagNotFound': { ru: 'Тег не найден', en: 'Tag not found', fr: 'Tag introuvable' },
  'content.categoryNameRequired': {
    ru: 'Введите название категории',
    en: 'Enter the category name',
    fr: 'Saisissez le nom de la catégorie',
  },
  'content.categorySlugTaken': {
    ru: 'Этот адрес (slug) уже занят другой категорией',
    en: 'This slug is already used by another category',
    fr: 'Ce slug est déjà utilisé par une autre catégorie',
  },
  'content.tagNameRequired': { ru: 'Введите название тега', en: 'Enter the tag name', fr: 'Saisissez le nom du tag' },
  'content.tagTaken': { ru: 'Такой тег уже есть', en: 'This tag already exists', fr: 'Ce tag existe déjà' },
  'comment.empty': {
    ru: 'Введите текст комментария',
    en: 'Enter the comment text',
    fr: 'Saisissez le texte du commentaire',
  },
  'place.latitude': {
    ru: 'Широта должна быть числом от -90 до 90',
    en: 'Latitude must be a number from -90 to 90',
    fr: 'La latitude doit être un nombre entre -90 et 90',
  },
  'place.longitude': {
    ru: 'Долгота должна быть числом от -180 до 180',
    en: 'Longitude must be a number from -180 to 180',
    fr: 'La longitude doit être un nombre entre -180 et 180',
  },
  'place.unknownProvider': {
    ru: 'Неизвестный картографический сервис',
    en: 'Unknown map service',
    fr: 'Service de cartographie inconnu',
  },
  'geocoder.queryTooShort': {
    ru: 'Введите хотя бы 2 символа адреса',
    en: 'Enter at least 2 characters of the address',
    fr: "Saisissez au moins 2 caractères de l'adresse",
  },
  'geocoder.busy': {
    ru: 'Слишком много запросов к поиску адресов. Повторите через {seconds} с',
    en: 'Too many address searches. Try again in {seconds} s',
    fr: "Trop de recherches d'adresse. Réessayez dans {seconds} s",
  },
  'geocoder.unavailable': {
    ru: 'Поиск адресов сейчас недоступен',
    en: 'Address search is unavailable right now',
    fr: "La recherche d'adresse est indisponible pour le moment",
  },
  'review.rating': {
    ru: 'Оценка должна быть от 1 до 5',
    en: 'The rating must be from 1 to 5',
    fr: 'La note doit être comprise entre 1 et 5',
  },
  'gallery.untitled': { ru: 'Без названия', en: 'Untitled', fr: 'Sans titre' },
  'gallery.notFound': {
    ru: 'Файл галереи не найден',
    en: 'Gallery item not found',
    fr: 'Élément de galerie introuvable',
  },
  'notification.newSignIn': {
    ru: 'В ваш аккаунт выполнен вход с другого устройства',
    en: 'Someone signed in to your account from another device',
    fr: 'Une connexion à votre compte a eu lieu depuis un autre appareil',
  },
  'contacts.searchTooShort': {
    ru: 'Введите минимум 2 символа для поиска',
    en: 'Enter at least 2 characters to search',
    fr: 'Saisissez au moins 2 caractères pour rechercher',
  },
  'messages.contactCardNotContact': {
    ru: 'Можно отправить только свою карточку или карточку своего контакта',
    en: 'You can only send your own card or the card of one of your contacts',
    fr: "Vous ne pouvez envoyer que votre carte ou celle de l'un de vos contacts",
  },
  'messages.empty': {
    ru: 'Введите текст сообщения или прикрепите файл',
    en: 'Type a message or attach a file',
    fr: 'Saisissez un message ou joignez un fichier',
  },
  'messages.toSelf': {
    ru: 'Нельзя отправить сообщение самому себе',
    en: 'You cannot send a message to yourself',
    fr: 'Vous ne pouvez pas vous envoyer un message',
  },
  'messages.recipientRequired': {
    ru: 'Выберите получателя сообщения',
    en: 'Select a message recipient',
    fr: 'Choisissez le destinataire du message',
  },
  'messages.recipientNotFound': {
    ru: 'Получатель не найден',
    en: 'The recipient was not found',
    fr: 'Destinataire introuvable',
  },
  'messages.blocked': {
    ru: 'Нельзя отправить сообщение: один из вас заблокировал другого',
    en: 'You cannot message this user: one of you has blocked the other',
    fr: "Impossible d'envoyer ce message : l'un de vous a bloqué l'autre",
  },
  'messages.notParticipant': {
    ru: 'Вы не участник этого разговора',
    en: 'You are not part of this conversation',
    fr: 'Vous ne participez pas à cette conversation',
  },
  'notification.friendRequest': {
    ru: '{name} хочет добавить вас в друзья',
    en: '{name} wants to add you as a friend',
    fr: '{name} souhaite vous ajouter en ami',
  },
  'notification.friendAccepted': {
    ru: 'Заявка в друзья принята: {name}',
    en: 'Friend request accepted: {name}',
    fr: "Demande d'ami acceptée : {name}",
  },
  'user.notFound': {
    ru: 'Пользователь не найден',
    en: 'User not found',
    fr: 'Utilisateur introuvable',
  },
  'user.notFoundByName': {
    ru: 'Пользователь с именем @{username} не найден',
    en: 'User with name @{username} not found',
    fr: 'Utilisateur avec le nom @{username} introuvable',
  },
  'profile.namesRequired': {
    ru: 'Имя и фамилия обязательны для заполнения',
    en: 'First and last name are required',
    fr: 'Le prénom et le nom sont obligatoires',
  },
  'profile.website': {
    ru: 'Введите корректный адрес сайта, например https://example.com',
    en: 'Enter a valid website address, e.g. https://example.com',
    fr: 'Saisissez une adresse de site valide, par exemple https://example.com',
  },
  'profile.birthDate': {
    ru: 'Укажите дату рождения в прошлом',
    en: 'The birth date must be in the past',
    fr: 'La date de naissance doit être dans le passé',
  },
  'profile.updated': {
    ru: 'Профиль успешно обновлен!',
    en: 'Profile updated successfully!',
    fr: 'Profil mis à jour avec succès !',
  },
  'profile.imageUpdated': {
    ru: 'Изображение обновлено',
    en: 'Image updated',
    fr: 'Image mise à jour',
  },
  'settings.updated': {
    ru: 'Настройки профиля успешно обновлены',
    en: 'Profile settings updated successfully',
    fr: 'Paramètres du profil mis à jour avec succès',
  },
  'privacy.updated': {
    ru: 'Настройки приватности сохранены',
    en: 'Privacy settings saved',
    fr: 'Paramètres de confidentialité enregistrés',
  },
  'password.changed': {
    ru: 'Пароль успешно изменен',
    en: 'Password changed successfully',
    fr: 'Mot de passe modifié avec succès',
  },
  'password.currentRequired': {
    ru: 'Введите текущий пароль',
    en: 'Enter your current password',
    fr: 'Saisissez votre mot de passe actuel',
  },
  'password.wrongCurrent': {
    ru: 'Неверный текущий пароль',
    en: 'The current password is incorrect',
    fr: 'Le mot de passe actuel est incorrect',
  },
  'password.sameAsCurrent': {
    ru: 'Новый пароль должен отличаться от текущего',
    en: 'The new password must differ from the current one',
    fr: "Le nouveau mot de passe doit être différent de l'actuel",
  },
  'password.tooManyAttempts': {
    ru: 'Слишком много попыток. Попробуйте позже',
    en: 'Too many attempts. Try again later',
    fr: 'Trop de tentatives. Réessayez plus tard',
  },
  'phone.required': {
    ru: 'Введите номер телефона',
    en: 'Enter a phone number',
    fr: 'Saisissez un numéro de téléphone',
  },
  'phone.invalid': {
    ru: 'Введите номер телефона в международном формате, например +79161234567',
    en: 'Enter the phone number in international format, e.g. +79161234567',
    fr: 'Saisissez le numéro au format international, par exemple +79161234567',
  },
  'phone.locked': {
    ru: 'Телефон подтверждён, изменить его нельзя',
    en: 'The phone number is verified and cannot be changed',
    fr: 'Le numéro de téléphone est vérifié et ne peut pas être modifié',
  },
  'phone.alreadyVerified': {
    ru: 'Этот номер уже подтверждён',
    en: 'This number is already verified',
    fr: 'Ce numéro est déjà vérifié',
  },
  'phone.codeSent': {
    ru: 'Код подтверждения отправлен на ваш телефон',
    en: 'A verification code has been sent to your phone',
    fr: 'Un code de vérification a été envoyé sur votre téléphone',
  },
  'phone.devNote': {
    ru: 'SMS-провайдер не настроен: код подтверждения записан в журнал сервера',
    en: 'No SMS provider is configured: the verification code was written to the server log',
    fr: "Aucun fournisseur SMS n'est configuré : le code de vérification a été écrit dans le journal du serveur",
  },
  'phone.smsText': {
    ru: 'LinkUp: код подтверждения {code}. Никому его не сообщайте.',
    en: 'LinkUp: your verification code is {code}. Do not share it with anyone.',
    fr: 'LinkUp : votre code de vérification est {code}. Ne le communiquez à personne.',
  },
  'phone.smsFailed': {
    ru: 'Ошибка отправки SMS',
    en: 'Error sending the SMS',
    fr: "Erreur lors de l'envoi du SMS",
  },
  'phone.resendWait': {
    ru: 'Новый код можно запросить через {seconds} с',
    en: 'You can request a new code in {seconds} s',
    fr: 'Vous pourrez demander un nouveau code dans {seconds} s',
  },
  'phone.tooManyCodes': {
    ru: 'Слишком много запросов кода. Попробуйте позже',
    en: 'Too many code requests. Try again later',
    fr: 'Trop de demandes de code. Réessayez plus tard',
  },
  'phone.codeRequired': {
    ru: 'Введите код подтверждения',
    en: 'Enter the verification code',
    fr: 'Saisissez le code de vérification',
  },
  'phone.codeFormat': {
    ru: 'Код подтверждения состоит из 6 цифр',
    en: 'The verification code is 6 digits',
    fr: 'Le code de vérification comporte 6 chiffres',
  },
  'phone.codeNotRequested': {
    ru: 'Сначала запросите код подтверждения для этого номера',
    en: 'Request a verification code for this number first',
    fr: "Demandez d'abord un code de vérification pour ce numéro",
  },
  'phone.codeExpired': {
    ru: 'Срок действия кода истёк. Запросите новый код',
    en: 'The code has expired. Request a new one',
    fr: 'Le code a expiré. Demandez-en un nouveau',
  },
  'phone.codeWrong': {
    ru: 'Неверный код подтверждения. Осталось попыток: {remaining}',
    en: 'Wrong verification code. Attempts left: {remaining}',
    fr: 'Code de vérification incorrect. Tentatives restantes : {remaining}',
  },
  'phone.tooManyAttempts': {
    ru: 'Слишком много неверных попыток. Запросите новый код',
    en: 'Too many wrong attempts. Request a new code',
    fr: 'Trop de tentatives incorrectes. Demandez un nouveau code',
  },
  'phone.verified': {
    ru: 'Телефон успешно подтвержден',
    en: 'Phone number verified',
    fr: 'Numéro de téléphone vérifié',
  },
  'upload.fileRequired': {
    ru: 'Выберите файл',
    en: 'Choose a file',
    fr: 'Choisissez un fichier',
  },
  'upload.profileImageType': {
    ru: 'Поддерживаются только файлы JPG и PNG',
    en: 'Only JPG and PNG files are supported',
    fr: 'Seuls les fichiers JPG et PNG sont acceptés',
  },
  'upload.profileImageSize': {
    ru: 'Размер файла не должен превышать 5MB',
    en: 'The file must not exceed 5MB',
    fr: 'Le fichier ne doit pas dépasser 5 Mo',
  },
  'friendship.self': {
    ru: 'Это действие нельзя выполнить с самим собой',
    en: 'You cannot do this with yourself',
    fr: 'Vous ne pouvez pas faire cela avec vous-même',
  },
  'friendship.alreadyFriends': {
    ru: 'Вы уже друзья',
    en: 'You are already friends',
    fr: 'Vous êtes déjà amis',
  },
  'friendship.noRequest': {
    ru: 'Заявка в друзья не найдена',
    en: 'Friend request not found',
    fr: "Demande d'ami introuvable",
  },
  'friendship.blocked': {
    ru: 'Действие недоступно: один из вас заблокировал другого',
    en: 'Not available: one of you has blocked the other',
    fr: "Action impossible : l'un de vous a bloqué l'autre",
  },
  'friendship.blockedByOther': {
    ru: 'Снять блокировку может только тот, кто её установил',
    en: 'Only the user who set the block can lift it',
    fr: "Seul l'utilisateur qui a bloqué peut débloquer",
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
  'mail.signUpAttempt.subject': {
    ru: 'LinkUp: попытка регистрации с вашим адресом',
    en: 'LinkUp: someone tried to register with your address',
    fr: "LinkUp : quelqu'un a essayé de s'inscrire avec votre adresse",
  },
  'mail.signUpAttempt.body': {
    ru: 'Здравствуйте, {name}!\n\nКто-то попытался зарегистрироваться в LinkUp с вашим адресом. У вас уже есть учётная запись, новая не создана. Войти можно здесь:\n{link}\n\nЕсли это были не вы, просто проигнорируйте это письмо.\n\nКоманда LinkUp',
    en: 'Hello {name},\n\nSomeone tried to register on LinkUp with your address. You already have an account, so no new one was created. You can sign in here:\n{link}\n\nIf this was not you, ignore this email.\n\nThe LinkUp team',
    fr: "Bonjour {name},\n\nQuelqu'un a essayé de s'inscrire sur LinkUp avec votre adresse. Vous avez déjà un compte, aucun nouveau compte n'a été créé. Vous pouvez vous connecter ici :\n{link}\n\nSi ce n'était pas vous, ignorez cet e-mail.\n\nL'équipe LinkUp",
  },
  'request.nulCharacter': {
    ru: 'Текст не может содержать нулевой символ',
    en: 'Text may not contain a NUL character',
    fr: 'Le texte ne peut pas contenir de caractère NUL',
  },
  'request.bodyNotObject': {
    ru: 'Тело запроса должно быть JSON-объектом',
    en: 'The request body must be a JSON object',
    fr: 'Le corps de la requête doit être un objet JSON',
  },
  'request.invalidDate': {
    ru: 'Такой даты не существует (ожидается ГГГГ-ММ-ДД)',
    en: 'No such date (expected YYYY-MM-DD)',
    fr: "Cette date n'existe pas (format attendu AAAA-MM-JJ)",
  },
  'request.invalidDateTime': {
    ru: 'Некорректные дата и время (ожидается ISO 8601)',
    en: 'Invalid date and time (expected ISO 8601)',
    fr: 'Date et heure invalides (format attendu ISO 8601)',
  },
  'request.invalidId': {
    ru: 'Некорректный идентификатор',
    en: 'Invalid identifier',
    fr: 'Identifiant invalide',
  },
  'request.idempotencyKeyInvalid': {
    ru: 'Ключ идемпотентности должен содержать от 1 до 100 символов',
    en: 'The idempotency key must be 1 to 100 characters long',
    fr: "La clé d'idempotence doit comporter de 1 à 100 caractères",
  },
  'upload.imageTooLarge': {
    ru: 'Изображение {name} слишком большое (максимум {max} мегапикселей)',
    en: 'The image {name} is too large (maximum {max} megapixels)',
    fr: "L'image {name} est trop grande (maximum {max} mégapixels)",
  },
  'quota.rooms': {
    ru: 'Слишком много новых комнат. Попробуйте позже',
    en: 'Too many new rooms. Try again later',
    fr: 'Trop de nouvelles salles. Réessayez plus tard',
  },
  'quota.uploads': {
    ru: 'Слишком много загрузок. Попробуйте позже',
    en: 'Too many uploads. Try again later',
    fr: 'Trop de téléversements. Réessayez plus tard',
  },
} as const satisfies Record<string, Record<Locale, string>>;

export type MessageKey = keyof typeof messages;

import type { Locale } from './locale';

/** Server texts of CMS modules (cards, package upload, the ZoomVisor switch), stylesheets, themes and templates, in ru, en and fr. */
export const moduleMessages = {
  'stylesheets.notFound': { ru: 'Стиль не найден', en: 'Stylesheet not found', fr: 'Feuille de style introuvable' },
  'stylesheets.nameRequired': {
    ru: 'Введите название стиля',
    en: 'Enter the stylesheet name',
    fr: 'Saisissez le nom de la feuille de style',
  },
  'stylesheets.invalidCss': {
    ru: 'Ошибка в CSS в строке {line}: {detail}',
    en: 'CSS error on line {line}: {detail}',
    fr: 'Erreur CSS à la ligne {line} : {detail}',
  },
  'stylesheets.variableName': {
    ru: 'Имя переменной: -- и латинские буквы, цифры, - или _',
    en: 'Variable name: -- then Latin letters, digits, - or _',
    fr: 'Nom de variable : -- puis lettres latines, chiffres, - ou _',
  },
  'stylesheets.variableValue': {
    ru: 'Значение переменной не может быть пустым или содержать ; { }',
    en: 'A variable value cannot be empty or contain ; { }',
    fr: 'La valeur d’une variable ne peut pas être vide ni contenir ; { }',
  },
  'stylesheets.variableTwice': {
    ru: 'Переменная указана дважды',
    en: 'A variable is given twice',
    fr: 'Une variable est indiquée deux fois',
  },
  'stylesheets.tooManyVariables': {
    ru: 'Не больше 200 переменных',
    en: 'At most 200 variables',
    fr: '200 variables au maximum',
  },
  'modules.zoomvisorDisabled': {
    ru: 'Видеозвонки (модуль ZoomVisor) отключены администратором',
    en: 'Video calls (the ZoomVisor module) have been switched off by an administrator',
    fr: 'Les appels vidéo (module ZoomVisor) ont été désactivés par un administrateur',
  },
  'modules.notFound': { ru: 'Модуль не найден', en: 'Module not found', fr: 'Module introuvable' },
  'modules.nameTaken': {
    ru: 'Модуль с таким названием уже установлен',
    en: 'A module with this name is already installed',
    fr: 'Un module portant ce nom est déjà installé',
  },
  'modules.notZip': {
    ru: 'Файл {name} не является ZIP-архивом модуля',
    en: 'The file {name} is not a module ZIP archive',
    fr: "Le fichier {name} n'est pas une archive ZIP de module",
  },
  'modules.packageTooLarge': {
    ru: 'Архив {name} слишком большой (максимум {max} МБ)',
    en: 'The archive {name} is too large (maximum {max} MB)',
    fr: "L'archive {name} est trop volumineuse (maximum {max} Mo)",
  },
  'modules.packageUnpackedTooLarge': {
    ru: 'Содержимое архива {name} слишком большое после распаковки (максимум {max} МБ)',
    en: 'The contents of the archive {name} are too large once unpacked (maximum {max} MB)',
    fr: "Le contenu de l'archive {name} est trop volumineux une fois décompressé (maximum {max} Mo)",
  },
  'modules.tooManyEntries': {
    ru: 'В архиве слишком много файлов (максимум {max})',
    en: 'The archive holds too many files (maximum {max})',
    fr: "L'archive contient trop de fichiers (maximum {max})",
  },
  'modules.unsafePath': {
    ru: 'Архив содержит недопустимые пути к файлам (абсолютные или с «..»)',
    en: 'The archive holds unsafe file paths (absolute or with "..")',
    fr: "L'archive contient des chemins de fichiers non autorisés (absolus ou avec « .. »)",
  },
  'modules.corrupt': {
    ru: 'Архив повреждён или не читается',
    en: 'The archive is damaged or cannot be read',
    fr: "L'archive est endommagée ou illisible",
  },
  'modules.manifestMissing': {
    ru: 'В архиве нет манифеста {file}',
    en: 'The archive has no {file} manifest',
    fr: "L'archive ne contient pas de manifeste {file}",
  },
  'modules.manifestInvalid': {
    ru: 'Манифест {file} неверен: поле «{field}» отсутствует или заполнено неправильно (нужны name, version, description, author, type)',
    en: 'The {file} manifest is invalid: the field "{field}" is missing or wrong (name, version, description, author and type are required)',
    fr: 'Le manifeste {file} est invalide : le champ « {field} » est absent ou incorrect (name, version, description, author et type sont requis)',
  },
  'modules.invalidJson': {
    ru: 'Файл {file} не является корректным JSON',
    en: 'The file {file} is not valid JSON',
    fr: "Le fichier {file} n'est pas un JSON valide",
  },
  'modules.fileMissing': {
    ru: 'Файл {file}, указанный в манифесте, отсутствует в архиве',
    en: 'The file {file} named in the manifest is not in the archive',
    fr: "Le fichier {file} indiqué dans le manifeste n'est pas dans l'archive",
  },
  'modules.fileTooLarge': {
    ru: 'Файл {file} слишком большой (максимум {max} МБ)',
    en: 'The file {file} is too large (maximum {max} MB)',
    fr: 'Le fichier {file} est trop volumineux (maximum {max} Mo)',
  },
  'modules.translationsInvalid': {
    ru: 'Файл переводов {file} должен сопоставлять ключам тексты ru (и при желании en, fr) не длиннее {max} символов',
    en: 'The translations file {file} must map keys to ru texts (and optionally en, fr) of at most {max} characters',
    fr: 'Le fichier de traductions {file} doit associer des clés à des textes ru (et éventuellement en, fr) de {max} caractères au plus',
  },
  'modules.translationUnreadable': {
    ru: 'Текст «{key}» в файле {file} не читается: проверьте фигурные скобки',
    en: 'The text "{key}" in {file} cannot be read: check its curly braces',
    fr: 'Le texte « {key} » du fichier {file} est illisible : vérifiez ses accolades',
  },
  'modules.translationExists': {
    ru: 'Перевод «{key}» уже существует: модуль может только добавлять новые тексты',
    en: 'The translation "{key}" already exists: a module may only add new texts',
    fr: 'La traduction « {key} » existe déjà : un module ne peut ajouter que de nouveaux textes',
  },
  'meeting.participantPlanUnknown': {
    ru: 'Неизвестный план участников: допустимы basic, professional, enterprise, unlimited',
    en: 'Unknown participant plan: basic, professional, enterprise or unlimited',
    fr: 'Forfait de participants inconnu : basic, professional, enterprise ou unlimited',
  },
  'validation.enabledFlag': {
    ru: 'Параметр enabled должен быть true или false',
    en: 'The enabled parameter must be true or false',
    fr: 'Le paramètre enabled doit valoir true ou false',
  },
  'themes.notFound': { ru: 'Тема не найдена', en: 'Theme not found', fr: 'Thème introuvable' },
  'themes.nameRequired': { ru: 'Введите название темы', en: 'Enter the theme name', fr: 'Saisissez le nom du thème' },
  'themes.nameTaken': {
    ru: 'Тема с таким названием уже есть',
    en: 'A theme with this name already exists',
    fr: 'Un thème porte déjà ce nom',
  },
  'themes.unknownMode': {
    ru: 'Режим темы: light или dark',
    en: 'The theme mode must be light or dark',
    fr: 'Le mode du thème doit être light ou dark',
  },
  'themes.unknownAccent': {
    ru: 'Неизвестный акцентный цвет',
    en: 'Unknown accent colour',
    fr: 'Couleur d’accent inconnue',
  },
  'themes.deleteActive': {
    ru: 'Активную тему нельзя удалить: сначала активируйте другую',
    en: 'The active theme cannot be deleted: activate another one first',
    fr: 'Le thème actif ne peut pas être supprimé : activez-en d’abord un autre',
  },
  'templates.notFound': { ru: 'Шаблон не найден', en: 'Template not found', fr: 'Modèle introuvable' },
  'templates.nameRequired': {
    ru: 'Введите название шаблона',
    en: 'Enter the template name',
    fr: 'Saisissez le nom du modèle',
  },
  'templates.unknownType': {
    ru: 'Тип шаблона: mail или landing',
    en: 'The template type must be mail or landing',
    fr: 'Le type de modèle doit être mail ou landing',
  },
  'templates.invalidSyntax': {
    ru: 'Ошибка в шаблоне: {detail}',
    en: 'Template error: {detail}',
    fr: 'Erreur dans le modèle : {detail}',
  },
  'templates.unknownPlaceholder': {
    ru: 'Неизвестная подстановка {{{name}}}; доступны: {known}',
    en: 'Unknown placeholder {{{name}}}; available: {known}',
    fr: 'Variable inconnue {{{name}}} ; disponibles : {known}',
  },
  'templates.bodyMissing': {
    ru: 'Шаблон должен содержать {{{name}}}',
    en: 'The template must contain {{{name}}}',
    fr: 'Le modèle doit contenir {{{name}}}',
  },
} as const satisfies Record<string, Record<Locale, string>>;

import type { Locale } from './locale';

/** Server texts of the presentation activity (services/activities/presentation.ts), in ru, en and fr. */
export const presentationMessages = {
  'presentation.fileRequired': {
    ru: 'Выберите PDF-файл из файлов комнаты',
    en: 'Choose a PDF from the room’s files',
    fr: 'Choisissez un PDF parmi les fichiers de la salle',
  },
  'presentation.fileNotFound': {
    ru: 'Файл не найден среди файлов этой комнаты',
    en: 'The file is not among this room’s files',
    fr: 'Ce fichier ne fait pas partie des fichiers de la salle',
  },
  'presentation.notPdf': {
    ru: 'Файл «{name}» не является PDF-документом: показать можно только PDF',
    en: 'The file “{name}” is not a PDF document: only PDFs can be presented',
    fr: 'Le fichier « {name} » n’est pas un document PDF : seuls les PDF peuvent être présentés',
  },
  'presentation.pageCount': {
    ru: 'Неверное число страниц документа',
    en: 'Invalid number of pages',
    fr: 'Nombre de pages invalide',
  },
  'presentation.pageOutOfRange': {
    ru: 'Такой страницы нет: страницы от 1 до {max}',
    en: 'No such page: pages go from 1 to {max}',
    fr: 'Cette page n’existe pas : les pages vont de 1 à {max}',
  },
  'presentation.presenterOnly': {
    ru: 'Это может делать только ведущий презентации',
    en: 'Only the presenter can do this',
    fr: 'Seul le présentateur peut faire cela',
  },
  'presentation.pageChangedMeanwhile': {
    ru: 'Страница только что сменилась: попробуйте ещё раз',
    en: 'The page has just changed: try again',
    fr: 'La page vient de changer : réessayez',
  },
  'presentation.pointerMalformed': {
    ru: 'Положение указки должно быть внутри страницы',
    en: 'The pointer’s position must be on the page',
    fr: 'La position du pointeur doit être sur la page',
  },
  'presentation.pointerTooFast': {
    ru: 'Указка отправляет слишком часто: подождите {seconds} с',
    en: 'The pointer is sending too often: wait {seconds} s',
    fr: 'Le pointeur envoie trop souvent : attendez {seconds} s',
  },
} as const satisfies Record<string, Record<Locale, string>>;

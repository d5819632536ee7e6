import type { Locale } from './locale';

/** Server texts of subscription plans and requests (spec sections 7 and 8, "Subscriptions"), in ru, en and fr. */
export const subscriptionMessages = {
  'subscriptions.planNotFound': {
    ru: 'Тарифный план «{plan}» не найден',
    en: 'Subscription plan "{plan}" not found',
    fr: "Formule d'abonnement « {plan} » introuvable",
  },
  'subscriptions.planRequired': {
    ru: 'Выберите тарифный план',
    en: 'Choose a subscription plan',
    fr: "Choisissez une formule d'abonnement",
  },
  'subscriptions.paymentMethod': {
    ru: 'Способ оплаты: card, transfer или qr',
    en: 'Payment method: card, transfer or qr',
    fr: 'Moyen de paiement : card, transfer ou qr',
  },
  'subscriptions.firstNameRequired': {
    ru: 'Введите имя',
    en: 'Enter your first name',
    fr: 'Saisissez votre prénom',
  },
  'subscriptions.emailRequired': {
    ru: 'Введите email',
    en: 'Enter your email',
    fr: 'Saisissez votre e-mail',
  },
  'subscriptions.planNameRequired': {
    ru: 'Введите название плана',
    en: 'Enter the plan name',
    fr: 'Saisissez le nom de la formule',
  },
  'subscriptions.planPrice': {
    ru: 'Цена: целое число рублей от 0 до 10 000 000',
    en: 'Price: a whole number of roubles from 0 to 10,000,000',
    fr: 'Prix : un nombre entier de roubles de 0 à 10 000 000',
  },
  'subscriptions.planParticipants': {
    ru: 'Участников: целое число от 2 до 100 000',
    en: 'Participants: a whole number from 2 to 100,000',
    fr: 'Participants : un nombre entier de 2 à 100 000',
  },
  'subscriptions.planStorage': {
    ru: 'Хранилище: целое число МБ от 0 до 104 857 600',
    en: 'Storage: a whole number of MB from 0 to 104,857,600',
    fr: 'Stockage : un nombre entier de Mo de 0 à 104 857 600',
  },
  'subscriptions.planFeature': {
    ru: 'Неизвестная возможность плана',
    en: 'Unknown plan feature',
    fr: 'Fonctionnalité de formule inconnue',
  },
  'subscriptions.freePlanPrice': {
    ru: 'Бесплатный план остаётся бесплатным',
    en: 'The free plan stays free',
    fr: 'La formule gratuite reste gratuite',
  },
  'subscriptions.paidPlanPrice': {
    ru: 'У платного плана должна быть цена больше 0',
    en: 'A paid plan needs a price above 0',
    fr: 'Une formule payante doit avoir un prix supérieur à 0',
  },
  'subscriptions.freePlan': {
    ru: 'Бесплатный план не требует оформления подписки',
    en: 'The free plan needs no subscription',
    fr: "La formule gratuite ne nécessite pas d'abonnement",
  },
  'subscriptions.alreadyActive': {
    ru: 'Этот тарифный план уже активен',
    en: 'This plan is already active',
    fr: 'Cette formule est déjà active',
  },
  'subscriptions.alreadyPending': {
    ru: 'Заявка на этот тарифный план уже отправлена и ожидает подтверждения оплаты',
    en: 'A request for this plan has already been sent and is awaiting payment confirmation',
    fr: 'Une demande pour cette formule a déjà été envoyée et attend la confirmation du paiement',
  },
  'subscriptions.notFound': {
    ru: 'Подписка не найдена',
    en: 'Subscription not found',
    fr: 'Abonnement introuvable',
  },
  'subscriptions.status': {
    ru: 'Статус: pending, active, inactive или expired',
    en: 'Status: pending, active, inactive or expired',
    fr: 'Statut : pending, active, inactive ou expired',
  },
  'subscriptions.nothingToChange': {
    ru: 'Укажите статус или тарифный план',
    en: 'Give a status or a plan',
    fr: 'Indiquez un statut ou une formule',
  },
  'subscriptions.roomSizeLimit': {
    ru: 'Ваш план «{plan}» позволяет комнаты до {limit} участников; для большей комнаты нужен план «{upgrade}»',
    en: 'Your "{plan}" plan allows rooms of up to {limit} participants; a larger room needs the "{upgrade}" plan',
    fr: 'Votre formule « {plan} » permet des salles de {limit} participants au plus ; une salle plus grande nécessite la formule « {upgrade} »',
  },
  'subscriptions.roomFillLimit': {
    ru: 'Ваш план «{plan}» позволяет встречи до {limit} участников; чтобы войти в эту комнату, нужен план «{upgrade}»',
    en: 'Your "{plan}" plan allows meetings of up to {limit} participants; joining this room needs the "{upgrade}" plan',
    fr: 'Votre formule « {plan} » permet des réunions de {limit} participants au plus ; rejoindre cette salle nécessite la formule « {upgrade} »',
  },
  'subscriptions.paymentReference': {
    ru: 'Назначение платежа: подписка «{plan}», заявка №{id}, {price} ₽/мес',
    en: 'Payment reference: "{plan}" subscription, request no. {id}, {price} ₽/month',
    fr: 'Référence du paiement : abonnement « {plan} », demande n° {id}, {price} ₽/mois',
  },
  'subscriptions.noPaymentDetails': {
    ru: 'Реквизиты для оплаты пришлёт администратор',
    en: 'The administrator will send the payment details',
    fr: "L'administrateur vous enverra les coordonnées de paiement",
  },
  'subscriptions.mail.subject': {
    ru: 'Реквизиты для оплаты подписки «{plan}»',
    en: 'Payment details for the "{plan}" subscription',
    fr: "Coordonnées de paiement de l'abonnement « {plan} »",
  },
  'subscriptions.mail.body': {
    ru: 'Здравствуйте, {name}!\n\nВаша заявка на тарифный план «{plan}» принята. Оплатите её по реквизитам:\n\n{details}\n\nПодписка будет активирована после поступления оплаты.',
    en: 'Hello {name},\n\nYour request for the "{plan}" plan has been received. Please pay using these details:\n\n{details}\n\nThe subscription will be activated once the payment is received.',
    fr: 'Bonjour {name},\n\nVotre demande pour la formule « {plan} » a été reçue. Veuillez payer avec ces coordonnées :\n\n{details}\n\nL’abonnement sera activé dès réception du paiement.',
  },
  'notification.subscriptionChanged': {
    ru: 'Подписка «{planName}»: статус {status}',
    en: '"{planName}" subscription: status {status}',
    fr: 'Abonnement « {planName} » : statut {status}',
  },
  'notification.subscriptionEnding': {
    ru: 'Подписка «{planName}» заканчивается через 3 дня',
    en: 'Your "{planName}" subscription ends in 3 days',
    fr: 'Votre abonnement « {planName} » se termine dans 3 jours',
  },
  'notification.subscriptionExpired': {
    ru: 'Подписка «{planName}» закончилась; действует бесплатный план',
    en: 'Your "{planName}" subscription has ended; the free plan applies',
    fr: 'Votre abonnement « {planName} » est terminé ; la formule gratuite s’applique',
  },
  'groups.nameRequired': {
    ru: 'Введите название группы',
    en: 'Enter a group name',
    fr: 'Saisissez un nom de groupe',
  },
  'groups.usersRequired': {
    ru: 'Выберите хотя бы одного пользователя',
    en: 'Choose at least one user',
    fr: 'Choisissez au moins un utilisateur',
  },
  'groups.notFound': {
    ru: 'Группа не найдена',
    en: 'Group not found',
    fr: 'Groupe introuvable',
  },
  'groups.userNotFound': {
    ru: 'Пользователь не найден',
    en: 'User not found',
    fr: 'Utilisateur introuvable',
  },
  'groups.tooManyUsers': {
    ru: 'В группе может быть не больше {max} пользователей',
    en: 'A group may have at most {max} users',
    fr: 'Un groupe peut compter au plus {max} utilisateurs',
  },
  'notification.groupPlanAdded': {
    ru: 'Вы добавлены в группу «{groupName}»: действует план «{planName}»',
    en: 'You were added to the group “{groupName}”: the “{planName}” plan applies',
    fr: 'Vous avez été ajouté au groupe « {groupName} » : la formule « {planName} » s’applique',
  },
  'notification.groupPlanRemoved': {
    ru: 'Группа «{groupName}» удалена: план «{planName}» группы больше не действует',
    en: 'The group “{groupName}” was deleted: its “{planName}” plan no longer applies',
    fr: 'Le groupe « {groupName} » a été supprimé : sa formule « {planName} » ne s’applique plus',
  },
} as const satisfies Record<string, Record<Locale, string>>;

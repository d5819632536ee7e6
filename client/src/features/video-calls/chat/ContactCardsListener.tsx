import { useLingui } from '@lingui/react/macro';
import { graphql } from 'react-relay/hooks';
import type { ContactCardsListenerSubscription } from '../../../__generated__/ContactCardsListenerSubscription.graphql';
import { toaster } from '../../../components/ui/toaster';
import { useCatchUpSubscription } from '../../../relay/useCatchUpSubscription';

const contactCardsSubscription = graphql`
  subscription ContactCardsListenerSubscription($after: ID) {
    contactCards(after: $after) {
      id
      sender {
        fullName
      }
      contactCard {
        name
      }
    }
  }
`;

/** The spec's `contact-card` event: a card someone sent the viewer shows as a notice too. */
export function ContactCardsListener() {
  const { t } = useLingui();
  useCatchUpSubscription<ContactCardsListenerSubscription, ContactCardsListenerSubscription['response']['contactCards']>(
    contactCardsSubscription,
    {},
    (response) => response.contactCards,
    (card) => {
      const sender = card.sender.fullName;
      const contact = card.contactCard?.name ?? '';
      toaster.create({ type: 'info', title: t`${sender} поделился(-ась) контактом: ${contact}`, closable: true });
    },
  );
  return null;
}

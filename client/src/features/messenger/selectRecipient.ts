/**
 * The window event other screens dispatch to open the messenger on someone (spec section 2):
 * `window.dispatchEvent(new CustomEvent(SELECT_RECIPIENT_EVENT, { detail: { id } }))`, where `id`
 * is the user's global id. The /social page switches to the messenger with that recipient.
 */
export const SELECT_RECIPIENT_EVENT = 'selectRecipient';
export type SelectRecipientDetail = { id: string };

/** The address of the messenger opened on a member. */
export const messengerPath = (userId: string) => `/social?section=messenger&recipient=${encodeURIComponent(userId)}`;

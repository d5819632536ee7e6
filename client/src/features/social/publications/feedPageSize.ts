/** Spec section 9: 50 publications per page (the first page, loaded by the route, and the next ones). */
export const FEED_PAGE_SIZE = 50;

/** Files per page of the files section (its first page is started by the section's loader). */
export const FILES_PAGE_SIZE = 30;

/**
 * The interface flags this browser keeps (spec section 3, "Browser storage keys"; section 9: "Tour
 * and landing flags are kept in browser local storage"). They refine the server's defaults for
 * this browser only: the admin's interface card sets them.
 */
const TOUR_COMPLETED = 'linkup_tour_completed';
const TOUR_DISABLED = 'linkup_tour_disabled';
const START_PAGE_ENABLED = 'linkup_start_page_enabled';

const read = (key: string) => {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
};
const write = (key: string, value: string | null) => {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Storage refused (private mode, quota): the server's defaults apply.
  }
};

export const browserFlags = {
  /** The tour was finished or skipped here (mirrors the member's account; "disable tour forever" sets it too). */
  tourCompleted: () => read(TOUR_COMPLETED) === 'true',
  setTourCompleted: (completed: boolean) => write(TOUR_COMPLETED, completed ? 'true' : null),
  /** The site tour is switched off in this browser (the interface card's toggle). */
  tourDisabled: () => read(TOUR_DISABLED) === 'true',
  setTourDisabled: (disabled: boolean) => write(TOUR_DISABLED, disabled ? 'true' : null),
  /** This browser's start-page choice, or null: the server's default applies. */
  startPageEnabled: (): boolean | null => {
    const value = read(START_PAGE_ENABLED);
    return value === 'true' ? true : value === 'false' ? false : null;
  },
  setStartPageEnabled: (enabled: boolean) => write(START_PAGE_ENABLED, enabled ? 'true' : 'false'),
};

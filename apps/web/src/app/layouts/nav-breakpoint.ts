/**
 * Where the sidebar stays open beside the page: from Mantine's `md` (62em, 992 px) up, so a
 * laptop keeps it and a tablet held upright (768 to 991 px) gets the whole width for the page,
 * with the sidebar as a drawer behind the burger, as on a phone.
 */
export const NAV_BREAKPOINT = 'md';

/** The widest screen, in px, on which the sidebar is a drawer (just under `md`). */
export const NAV_DRAWER_MAX_WIDTH = 991.98;

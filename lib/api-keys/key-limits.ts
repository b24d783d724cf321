/** The longest life a key may be given at creation: a key meant to last longer is created without an expiry. */
export const API_KEY_MAX_DAYS = 730;

// German: each English text of the interface (as passed to t() in web/i18n.js) and its translation.

/** The German translations, keyed by the English text. */
export const de = {
};

// The interface's language: English, or German (web/i18n/de.js). The language chosen with the
// switch is remembered in localStorage and in the cookie `tafel_language` (which the server reads
// for the pages it renders itself, such as the rules); otherwise the browser's preferred
// languages decide (Accept-Language on the server's side).
// Every string a person reads goes through t(), keyed by its English text (gettext's way), so
// that English needs no dictionary and a missing translation shows English, never a key.

import { de } from "./i18n/de.js";

const KEY = "tafel:language";
const DICTIONARIES = { de };

/** The languages offered, with their own names. */
export const LANGUAGES = { en: "English", de: "Deutsch" };

/** The language in use: the one chosen, else the browser's first preference we offer, else English. */
export function language() {
  const chosen = localStorage.getItem(KEY);
  if (chosen in LANGUAGES) return chosen;
  for (const tag of navigator.languages ?? [navigator.language]) {
    const base = String(tag).toLowerCase().split("-")[0];
    if (base in LANGUAGES) return base;
  }
  return "en";
}

/** Remembers the language chosen, here and for the server (the caller then reloads the page). */
export function chooseLanguage(code) {
  if (!(code in LANGUAGES)) return;
  localStorage.setItem(KEY, code);
  document.cookie = `tafel_language=${code}; Path=/; Max-Age=31536000; SameSite=Lax`;
}

/**
 * The text in the interface's language: `text` is the English original, with `{name}` for each
 * parameter, filled from `params`.
 */
export function t(text, params = {}) {
  const translated = DICTIONARIES[language()]?.[text] ?? text;
  return translated.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
}

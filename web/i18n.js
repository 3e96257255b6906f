// The interface's language: English, or German (web/i18n/de.js). The language chosen with the
// switch is remembered in localStorage and in the cookie `tafel_language` (which the server reads
// for the pages it renders itself, such as the rules); otherwise the browser's preferred
// languages decide (Accept-Language on the server's side).
// Every string a person reads goes through t(), keyed by its English text (gettext's way), so
// that English needs no dictionary and a missing translation shows English, never a key.
// Counted words go through tn() (one form for 1, another for the rest: English's and German's
// rule), a list of names through list(), the games' sides ("White", "first player"), which the
// server names in English, through sideName(). e2e/i18n.test.js fails when a literal passed to t()
// or tn() anywhere in web/ has no German entry; docs/i18n.md says how to add a language.
// Whatever the server says (its messages and refusals, the games' texts, the games' reasons why
// a move or a code cannot be read, the computer levels' notices, the engine's details) arrives
// in the page's language, worded from its catalogues by code (crates/tafel-server/messages/):
// the page shows it as it is and decides by an error's `code`, never by its words.

import { de } from "./i18n/de.js";

const KEY = "tafel:language";
/** @type {Record<string, Record<string, string>>} */
const DICTIONARIES = { de };

/** The languages offered, with their own names.
 * @type {Record<string, string>} */
export const LANGUAGES = { en: "English", de: "Deutsch" };

/** The language in use: the one chosen, else the browser's first preference we offer, else English. */
export function language() {
  const chosen = /** @type {string} */ (localStorage.getItem(KEY)); // null is not `in` LANGUAGES
  if (chosen in LANGUAGES) return chosen;
  for (const tag of navigator.languages ?? [navigator.language]) {
    const base = String(tag).toLowerCase().split("-")[0];
    if (base in LANGUAGES) return base;
  }
  return "en";
}

/** Remembers the language chosen, here and for the server (the caller then reloads the page).
 * @param {string} code */
export function chooseLanguage(code) {
  if (!(code in LANGUAGES)) return;
  localStorage.setItem(KEY, code);
  document.cookie = `tafel_language=${code}; Path=/; Max-Age=31536000; SameSite=Lax`;
}

/** Applies the language in use to the document (`<html lang>`), which the server set from the
 * cookie or Accept-Language and the browser's own choice may override. */
export function applyLanguage() {
  document.documentElement.lang = language();
}

/**
 * The text in the interface's language: `text` is the English original, with `{name}` for each
 * parameter, filled from `params`.
 * @param {string} text
 * @param {Record<string, unknown>} [params]
 */
export function t(text, params = {}) {
  const translated = DICTIONARIES[language()]?.[text] ?? text;
  return translated.replace(/\{(\w+)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
}

/** A text of the page's data rather than its code (a tutorial's, web/learn/courses/), in the
 * interface's language: keyed by its English text like t()'s, with its German in
 * web/i18n/de.js; e2e/i18n.test.js checks every such text as it checks the literals.
 * @param {string} text */
export function courseText(text) {
  return t(text);
}

/**
 * A counted text: `one` (for 1) or `other` (for every other count), each an English text with
 * `{n}` for the count, translated like t(): tn(3, "{n} move", "{n} moves") is "3 moves", in
 * German "3 Züge".
 * @param {number} count
 * @param {string} one
 * @param {string} other
 * @param {Record<string, unknown>} [params]
 */
export function tn(count, one, other, params = {}) {
  return t(count === 1 ? one : other, { ...params, n: count });
}

/** Names joined as a list: "A", "A and B", "A, B and C" ("A, B und C").
 * @param {string[]} words */
export function list(words) {
  if (words.length < 2) return words[0] ?? "";
  return t("{some} and {last}", { some: words.slice(0, -1).join(", "), last: words.at(-1) });
}

/** A side's name as the server names it ("White", "first player", "North-West") in the
 * interface's language; a name it does not know stays as it is.
 * @param {string} name */
export function sideName(name) {
  /** @type {Record<string, string>} */
  const names = {
    White: t("White"), Black: t("Black"), Red: t("Red"), Blue: t("Blue"),
    "first player": t("first player"), "second player": t("second player"),
    "North-West": t("North-West"), "North-East": t("North-East"),
    "South-West": t("South-West"), "South-East": t("South-East"),
  };
  return names[name] ?? name;
}

/** A day in the interface's language, short: "Nov 30" ("30. Nov."), with the year when it is
 * not this year's ("Nov 30, 2025"). `iso` is a date or timestamp as the server writes it.
 * @param {string} iso */
export function shortDate(iso) {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const year = date.getFullYear() === new Date().getFullYear() ? {} : { year: /** @type {const} */ ("numeric") };
  return new Intl.DateTimeFormat(language(), { day: "numeric", month: "short", ...year }).format(date);
}

/** Whether a side's name, as the server names it, says only the side's order ("first player",
 * "second player"): players do not say it after "You play" or "Your move:".
 * @param {string} name */
export const namedByOrder = (name) => name === "first player" || name === "second player";

/** A setting's value in words in the page's language: a choice's words as the catalog gives
 * them (the server's catalogues, by the value), any other value ("8x8", "20") as it is.
 * @param {{ words?: Record<string, string> } | undefined} setting the setting as the catalog lists it
 * @param {string} value */
export function choiceWords(setting, value) {
  return setting?.words?.[value] ?? value;
}

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
// The server's own messages and the games' texts it renders (the catalog's, the results) arrive
// in the page's language from its catalogues; what it still passes on in English (the games'
// reasons why a move or a code cannot be read, the computer levels' notices) goes through
// serverText() here (web/i18n/server-de.js).

import { de } from "./i18n/de.js";
import { serverPatternsDe, serverTextsDe } from "./i18n/server-de.js";

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

/** A pattern of the server's words compiled for matching: the English with each `{name}` a
 * group, its parameters' names, those quoted in backticks (a value as typed, a move, a code:
 * kept as sent), how many of its characters are fixed words, and the translation.
 * @param {Record<string, string>} patterns */
function compile(patterns) {
  const escape = (/** @type {string} */ text) => text.replace(/[.*+?^$()|[\]\\{}]/g, "\\$&");
  return Object.entries(patterns).map(([english, translated]) => {
    /** @type {string[]} */
    const names = [];
    /** @type {Set<string>} */
    const quoted = new Set();
    const parts = english.split(/\{(\w+)\}/);
    const source = parts.map((part, i) => {
      if (i % 2 === 0) return escape(part);
      names.push(part);
      if (parts[i - 1].endsWith("`") && parts[i + 1].startsWith("`")) quoted.add(part);
      return "(.+?)";
    }).join("");
    const fixed = parts.filter((_, i) => i % 2 === 0).join("").length;
    return { regex: new RegExp(`^${source}$`), names, quoted, fixed, translated };
  });
}

/** A language's words for the server's texts.
 * @typedef {{ texts: Record<string, string>, patterns: ReturnType<typeof compile> }} ServerWords */

/** The server's words per language: exact texts, and patterns with parameters.
 * @type {Record<string, ServerWords>} */
const SERVER_TEXTS = { de: { texts: serverTextsDe, patterns: compile(serverPatternsDe) } };

/**
 * A text the server sent in English (a game's reason why a move or a code cannot be read inside
 * an error message, a computer level's notice) in the interface's language: its translation
 * when the language's server words have it or a pattern matches the whole text (the one with
 * the most fixed words when several do; each parameter translated in turn, one in backticks
 * kept as sent), else the text as sent (the server's messages, already in the page's language).
 * Unlike t(), the text is not a literal; e2e/i18n.test.js checks the games' reasons against the
 * dictionary.
 * @param {unknown} text
 * @returns {string}
 */
export function serverText(text) {
  const words = SERVER_TEXTS[language()];
  const english = String(text);
  if (!words) return english;
  if (Object.hasOwn(words.texts, english)) return words.texts[english];
  const side = sideName(english);
  if (side !== english) return side;
  // Of the patterns that match, the one with the most fixed words: "the result line claims
  // {claim} but {why} (...)" rather than "{reason} (at character {at})".
  /** @type {{ pattern: ServerWords["patterns"][number], match: RegExpExecArray } | null} */
  let best = null;
  for (const pattern of words.patterns) {
    const match = pattern.regex.exec(english);
    if (match && (!best || pattern.fixed > best.pattern.fixed)) best = { pattern, match };
  }
  if (!best) return english;
  const { pattern: { names, quoted, translated }, match } = best;
  const values = Object.fromEntries(names.map((name, i) => [name, quoted.has(name) ? match[i + 1] : serverText(match[i + 1])]));
  return translated.replace(/\{(\w+)\}/g, (whole, name) => values[name] ?? whole);
}

/** A setting's value in words in the page's language: a choice's words as the catalog gives
 * them (the server's catalogues, by the value), any other value ("8x8", "20") as it is.
 * @param {{ words?: Record<string, string> } | undefined} setting the setting as the catalog lists it
 * @param {string} value */
export function choiceWords(setting, value) {
  return setting?.words?.[value] ?? value;
}

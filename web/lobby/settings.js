// A game's settings in the lobby: one control per setting with its label, its help and a badge
// for reconstructions, variants and engine limits; settings that do not apply hidden, choices
// that depend on another setting filled in; the values chosen; settings compared with the
// defaults; a game's settings in words (the game page's and the seeks' line).

import { el } from "../ui.js";
import { choiceWords, t } from "../i18n.js";
import { startEdgeWords } from "../boards/black-path-start.js";

/** @typedef {import("../ui.js").CatalogGame} CatalogGame */

/** @type {Record<string, () => string>} */
const ORIGIN_BADGE = {
  reconstructed: () => t("reconstructed"),
  variant: () => t("variant, not the designer's rules"),
  engine: () => t("engine limit, not a rule"),
};

/** One control per setting of `game` (from the catalog); `changed()` is called on a change.
 * @param {CatalogGame} game
 * @param {() => void} changed */
export function settingControls(game, changed) {
  return game.settings.map((s) => {
    const badge = ORIGIN_BADGE[s.origin] ? el("span", { class: `badge badge-${s.origin}` }, ORIGIN_BADGE[s.origin]()) : "";
    const id = `set-${s.key}`;
    const control = s.choices || s.choices_by
      ? el("select", { id, "data-key": s.key, "aria-describedby": `${id}-help`, onchange: changed })
      : el("input", { id, "data-key": s.key, value: s.default, "aria-describedby": `${id}-help`, onchange: changed, autocomplete: "off" });
    if (s.choices) control.append(...s.choices.map((c) => el("option", { value: c, selected: c === s.default }, choiceWords(s, c))));
    return el("div", { class: "setting", "data-setting": s.key },
      el("label", { for: id }, s.label, badge),
      control,
      el("div", { class: "help", id: `${id}-help` }, s.choices || s.choices_by ? s.help : `${s.help} (${s.allowed})`));
  });
}

/** The control of setting `key` inside `box`.
 * @type {(box: Element, key: string) => HTMLInputElement | HTMLSelectElement | null} */
export const settingControl = (box, key) => box.querySelector(`[data-key="${key}"]`);

/** Hides the settings of `game` in `box` that do not apply and fills the choices that depend
 * on another (every setting of `game` has its control in `box`).
 * @param {Element} box
 * @param {CatalogGame} game */
export function applyConditions(box, game) {
  const valueOf = (/** @type {string} */ key) => settingControl(box, key)?.value ?? "";
  for (const s of game.settings) {
    const setting = /** @type {HTMLElement} */ (box.querySelector(`[data-setting="${s.key}"]`));
    setting.hidden = Boolean(s.applies_when) && valueOf(s.applies_when?.key ?? "") !== s.applies_when?.value;
    if (s.choices_by) {
      const select = /** @type {HTMLSelectElement} */ (setting.querySelector("select"));
      const words = s.choices_by.choices[valueOf(s.choices_by.key)] || [];
      const keep = words.includes(select.value) ? select.value : words.includes(s.default) ? s.default : words[0];
      select.replaceChildren(...words.map((w) => el("option", { value: w, selected: w === keep }, choiceWords(s, w))));
    }
  }
}

/** The value of every setting shown in `box` (hidden ones keep their defaults).
 * @param {Element} box
 * @returns {Record<string, string>} */
export function settingValues(box) {
  /** @type {Record<string, string>} */
  const out = {};
  for (const input of /** @type {NodeListOf<HTMLInputElement | HTMLSelectElement>} */ (box.querySelectorAll("[data-key]"))) {
    if (!input.closest("[hidden]")) out[/** @type {string} */ (input.dataset.key)] = input.value.trim();
  }
  return out;
}

/** Every setting of `game` with its value in `settings`, or its default where not given.
 * @param {CatalogGame | undefined} game
 * @param {Record<string, string>} settings
 * @returns {Record<string, string>} */
export const withDefaults = (game, settings) =>
  Object.fromEntries((game?.settings || []).map((s) => [s.key, settings[s.key] ?? s.default]));

/** Whether two choices of `game`'s settings make the same game (a setting not given is its default).
 * @param {CatalogGame | undefined} game
 * @param {Record<string, string>} a
 * @param {Record<string, string>} b */
export const sameSettings = (game, a, b) => {
  const [full, other] = [withDefaults(game, a), withDefaults(game, b)];
  return Object.keys(full).every((key) => full[key] === other[key]);
};

/** The settings given that differ from `game`'s defaults.
 * @param {CatalogGame | undefined} game
 * @param {Record<string, string>} settings
 * @returns {Record<string, string>} */
export const notDefaults = (game, settings) => Object.fromEntries(Object.entries(settings)
  .filter(([key, value]) => game?.settings.find((s) => s.key === key)?.default !== value));

/** Words for the settings whose values are free text (the catalog gives words for choices
 * only), by game and key; each gives null for a value it cannot read, which is then shown as
 * it is.
 * @type {Record<string, Record<string, (value: string) => string | null>>} */
const TEXT_WORDS = {
  "black-path": {
    size: (value) => (/^\d+x\d+$/i.test(value) ? value.toLowerCase().replace("x", " × ") : null),
    start: startEdgeWords,
  },
};

/** The game's settings in words, with the labels and choices' words of the catalog ("Board size:
 * 6 · Legal slides: free"; Black Path's "Start edge: row 1, column 1, west side"); settings not
 * given or that do not apply, and engine limits left at their defaults, are left out.
 * @param {import("../ui.js").CatalogGame | undefined} entry
 * @param {Record<string, string>} settings */
export function settingsLine(entry, settings) {
  return (entry?.settings || [])
    .filter((s) => Object.hasOwn(settings, s.key))
    .filter((s) => !s.applies_when || settings[s.applies_when.key] === s.applies_when.value)
    .filter((s) => s.origin !== "engine" || settings[s.key] !== s.default)
    .map((s) => `${s.label}: ${TEXT_WORDS[entry?.name ?? ""]?.[s.key]?.(settings[s.key]) ?? choiceWords(s, settings[s.key])}`)
    .join(" · ");
}

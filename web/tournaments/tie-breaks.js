// The tie-breaks of a tournament (issue #46): FIDE's, by their acronyms, as the server offers
// them (tafel_tournament::tie_breaks::CHOICES). The create form's picker (an ordered choice of
// up to four, the kind's own preselected) and the words the standings give each column.

import { el } from "../ui.js";
import { t } from "../i18n.js";

/** Every tie-break offered, by acronym, with its name in words. */
const names = () => ({
  "BH-C1": t("Buchholz Cut-1: the opponents' points, the lowest left out"),
  BH: t("Buchholz: the opponents' points"),
  "BH-C2": t("Buchholz Cut-2: the opponents' points, the two lowest left out"),
  "BH-M1": t("Median Buchholz: the opponents' points, the lowest and the highest left out"),
  "BH-M2": t("Median Buchholz 2: the opponents' points, the two lowest and the two highest left out"),
  SB: t("Sonneborn-Berger: the points of the opponents beaten, half of those drawn with"),
  "SB-C1": t("Sonneborn-Berger Cut-1: the lowest left out"),
  DE: t("Direct encounter: the games between those level"),
  WIN: t("Wins, games not played included"),
  WON: t("Games won over the board"),
  ARO: t("Average rating of the opponents"),
  "ARO-C1": t("Average rating of the opponents, the lowest left out"),
});

/** Each kind's tie-breaks unless the organiser chooses others (the server's defaults).
 * @type {Record<string, string[]>} */
const DEFAULTS = {
  swiss: ["BH-C1", "BH", "SB", "DE"],
  round_robin: ["DE", "SB", "WIN"],
  double_round_robin: ["DE", "SB", "WIN"],
};

/** How many tie-breaks the form offers to choose, in order. */
const PLACES = 4;

/** The name in words of tie-break `code` ("BH-C1"), or the code itself if unknown.
 * @param {string} code */
export const tieBreakName = (code) => /** @type {Record<string, string>} */ (names())[code] ?? code;

/** The picker of the create form: `PLACES` selects, the first to the last tie-break, each any
 * tie-break or none; cuts only for a Swiss (in a round robin everyone meets the same opponents).
 * `show(kind)` sets it to `kind`'s own and hides it for an Arena (whose tie-breaks are its own);
 * `value()` is the list chosen, in order. */
export function tieBreakPicker() {
  const selects = Array.from({ length: PLACES }, (_, i) => el("select", {
    id: `tournament-tie-break-${i + 1}`,
    "aria-label": t("Tie-break {place}", { place: i + 1 }),
  }));
  const fill = (/** @type {string} */ kind) => {
    const offered = Object.keys(names()).filter((code) => kind === "swiss" || !/-[CM]\d$/.test(code));
    const chosen = DEFAULTS[kind] ?? [];
    selects.forEach((select, i) => {
      select.replaceChildren(el("option", { value: "" }, t("None")),
        ...offered.map((code) => el("option", { value: code }, `${code} · ${tieBreakName(code)}`)));
      select.value = chosen[i] ?? "";
    });
  };
  const node = el("fieldset", { class: "tournament-tie-breaks", id: "tournament-tie-breaks" },
    el("legend", {}, t("Tie-breaks, in order (FIDE's regulations of 2023)")),
    selects.map((select, i) => el("div", { class: "field" },
      el("label", { for: select.id }, t("Tie-break {place}", { place: i + 1 })), select)));
  return {
    node,
    /** @param {string} kind */
    show(kind) {
      node.hidden = kind === "arena";
      fill(kind);
    },
    value: () => selects.map((s) => s.value).filter(Boolean),
  };
}

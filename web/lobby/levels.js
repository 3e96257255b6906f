// The computer's levels in a few words for players (docs/ai.md has what each level searches),
// and the level the lobby offers first: a fair opponent for a newcomer, not the weakest.

import { t } from "../i18n.js";

/** The level preselected for a computer seat. */
export const DEFAULT_LEVEL = 3;

/** Each level's words; level 6 exists only where the game is solved.
 * @type {Record<number, string>} */
const WORDS = {
  1: t("beginner, plays almost at random"),
  2: t("easy, sees a little ahead"),
  3: t("medium, a fair first opponent"),
  4: t("hard, searches deeper"),
  5: t("strongest search"),
  6: t("perfect play where the game is solved"),
};

/** A level's name for a select: "Level 3 · medium, a fair first opponent".
 * @param {number} level */
export function levelWords(level) {
  const words = WORDS[level];
  return words ? t("Level {level} · {words}", { level, words }) : t("Level {level}", { level });
}

// What the tournament pages say about a tournament in a few words: its kind, its state, the
// time to its start, a result.

import { t } from "../i18n.js";
import { clockWords } from "../lobby/time-control.js";

/** The kind in words. */
export function kindWords(kind) {
  return kind === "double_round_robin" ? t("Double round robin") : t("Round robin");
}

/** The state in words, with the round while it runs. */
export function stateWords(tournament) {
  switch (tournament.state) {
    case "open": return t("Open for entries");
    case "running": return t("Round {round} of {rounds}", { round: tournament.round, rounds: tournament.rounds });
    case "finished": return t("Finished");
    default: return t("Cancelled: fewer than two players entered");
  }
}

/** "2 h 5 min", "3 min 20 s", "45 s": the time left until `ms` from `now`. */
export function countdown(ms, now) {
  const s = Math.max(0, Math.round((ms - now) / 1000));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  if (h > 0) return t("{h} h {m} min", { h, m });
  if (m > 0) return t("{m} min {s} s", { m, s: s % 60 });
  return t("{s} s", { s });
}

/** The game, clock, kind and whether rated, in one line. */
export function summaryWords(tournament) {
  const rated = tournament.rated ? t("rated") : t("casual");
  return `${tournament.game} · ${clockWords(tournament.time_control)} · ${kindWords(tournament.kind)} · ${rated}`;
}

/** The start, as the reader's clock shows it. */
export function startWords(ms) {
  return new Date(ms).toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" });
}

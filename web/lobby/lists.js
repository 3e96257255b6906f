// The lobby's lists: the open challenges (each free seat taken in one click), the bots to
// challenge (on their pages) and the recent games with their results.

import { api, botBadge, el, tokens } from "../ui.js";
import { clockWords } from "./time-control.js";
import { language, sideName, t, tn } from "../i18n.js";

/** A seat as the lobby's lists show it.
 * @typedef {{ seat: number, name: string, kind: string, level: number | null, player?: string | null, joined: boolean, bot?: boolean }} ListedSeat */

/** An open challenge (`/api/challenges`).
 * @typedef {{ id: string, game: string, title: string, time_control: import("../ui.js").TimeControl, players: ListedSeat[] }} Challenge */

/** A recent game (`/api/games`): `moves` counts plies, `record_moves` the record's moves.
 * @typedef {{ id: string, game: string, title: string, result: string | null, players: ListedSeat[], moves: number, record_moves?: number | null, created_at: string }} RecentGame */

/** The open challenges; `yourName()` gives the name to join with.
 * @param {() => string | null} yourName */
export function challengesCard(yourName) {
  const list = el("ul", { class: "recent", id: "challenges" });
  const error = el("p", { class: "error", role: "alert", id: "challenge-error" });
  api("/api/challenges").then((/** @type {Challenge[]} */ open) => {
    if (!open.length) list.replaceChildren(el("li", { class: "help" }, t("No open challenges now.")));
    else list.replaceChildren(...open.map((c) => challengeItem(c, (seat) => joinChallenge(c, seat, yourName, error))));
  }).catch((e) => list.replaceChildren(el("li", { class: "error" }, e.message)));
  return el("section", { class: "card challenges-card", "aria-labelledby": "challenges-title" },
    el("h2", { id: "challenges-title" }, t("Open challenges")), list, error);
}

/** Takes `seat` of challenge `c` and opens the game; a refusal is shown in `error`.
 * @param {Challenge} c
 * @param {number} seat
 * @param {() => string | null} yourName
 * @param {HTMLElement} error */
async function joinChallenge(c, seat, yourName, error) {
  error.textContent = "";
  try {
    const joined = await api(`/api/games/${c.id}/join`, { method: "POST", body: JSON.stringify({ seat, name: yourName() || t("Guest") }) });
    tokens.save(c.id, { [joined.seat]: { kind: "seat", token: joined.token, joined: true } });
    location.href = `/game/${c.id}`;
  } catch (e) {
    error.textContent = e.message;
  }
}

/** An open challenge: the game, who waits, the clock, and a button per free seat.
 * @param {Challenge} c
 * @param {(seat: number) => void} join */
function challengeItem(c, join) {
  const waiting = c.players.filter((p) => p.joined && p.kind !== "computer").map((p) => p.player || sideName(p.name)).join(", ") || t("Someone");
  return el("li", { "data-challenge": c.id },
    el("div", { class: "recent-head" }, el("span", {}, c.title || c.game), el("span", { class: "help" }, clockWords(c.time_control))),
    el("div", { class: "help" }, t("{who} waits for an opponent.", { who: waiting })),
    el("div", { class: "controls" }, c.players.filter((p) => !p.joined).map((p) =>
      el("button", { class: "secondary", "data-join": p.seat, onclick: () => join(p.seat) }, t("Play {side}", { side: sideName(p.name) })))));
}

/** The bots one may challenge, each a link to its page (where the challenge form is). */
export function botsCard() {
  const list = el("ul", { class: "recent", id: "bots" });
  api("/api/bots").then((/** @type {{ bots: string[] }} */ { bots }) => {
    if (!bots.length) list.replaceChildren(el("li", { class: "help" }, t("No bots on this server.")));
    else list.replaceChildren(...bots.map((name) => el("li", { "data-bot": name },
      el("a", { href: `/@/${encodeURIComponent(name)}` }, name), " ", botBadge())));
  }).catch((e) => list.replaceChildren(el("li", { class: "error" }, e.message)));
  return el("section", { class: "card bots-card", "aria-labelledby": "bots-title" },
    el("h2", { id: "bots-title" }, t("Bots to challenge")), list);
}

/** The recent games. */
export function recentCard() {
  const list = el("ul", { class: "recent", id: "recent" });
  api("/api/games?limit=20").then((/** @type {RecentGame[]} */ games) => {
    if (!games.length) list.replaceChildren(el("li", { class: "help" }, t("No games yet.")));
    else list.replaceChildren(...games.map(recentItem));
  }).catch((e) => list.replaceChildren(el("li", { class: "error" }, e.message)));
  return el("section", { class: "card recent-card", "aria-labelledby": "recent-title" },
    el("h2", { id: "recent-title" }, t("Recent games")), list);
}

/** One of the recent games: the game and its result, then players, moves and date.
 * @param {RecentGame} g */
function recentItem(g) {
  const date = new Date(g.created_at);
  const when = Number.isNaN(date.getTime()) ? g.created_at : date.toLocaleString(language(), { dateStyle: "medium", timeStyle: "short" });
  const who = (/** @type {ListedSeat} */ p) => (p.kind === "computer" ? t("computer {level}", { level: p.level }) : p.kind === "local" ? t("here") : t("online"));
  const players = g.players.map((p, i) => [i ? t(" vs ") : "", `${sideName(p.name)} (${p.player ? `${p.player}, ` : ""}`,
    p.bot ? [botBadge(), ", "] : "", `${who(p)})`]);
  const moves = g.record_moves === null || g.record_moves === undefined ? tn(g.moves, "{n} ply", "{n} plies") : tn(g.record_moves, "{n} move", "{n} moves");
  return el("li", {},
    el("div", { class: "recent-head" }, el("a", { href: `/game/${g.id}` }, g.title || g.game),
      el("span", { class: g.result ? "recent-result" : "recent-result help" }, g.result ?? t("in progress"))),
    el("div", { class: "help" }, players, ` · ${moves} · `, el("time", { datetime: g.created_at }, when)));
}

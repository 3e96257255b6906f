// A tournament at "/tournament/<id>": what it is, a countdown to its start (and, during the
// pause its organiser set between rounds, to the next round), entering (late into a Swiss that
// takes late entries) and withdrawing, a Swiss's byes asked for (byes.js), its chat (chat.js), once finished the winner and the podium, the standings (with each player's rating
// and what the tournament changed of it), the games in play (a click watches one), the pairings
// of every round and the crosstable in the order of the standings (an Arena: a countdown to its end, the standings with each player's
// score sheet, the points of each game with the doubled ones in a flame's red, and the games in
// play; no rounds or crosstable). The page follows the tournament by asking again every two seconds;
// a player whose next game is paired goes to it by themselves (once per game).
//
// The standings' tie-breaks, Sonneborn-Berger and Buchholz, are worked out by the server (a
// round robin ranks by the first, a Swiss by the second); the column of the one that ranks comes
// first. A tournament played in rounds links to its TRF export (FIDE's report format).

import { api, el, fill, request } from "../ui.js";
import { t } from "../i18n.js";
import { whoAmI } from "../account/header.js";
import { countdown, durationWords, gameTitles, points, startWords, stateWords, summaryWords } from "./words.js";
import { podium } from "./podium.js";
import { byeLines, byeSection } from "./byes.js";
import { tournamentChat } from "./chat.js";
import { waitingRound } from "./hand-pairing.js";
import { tieBreakName } from "./tie-breaks.js";

/** A tournament as its page shows it (`TournamentView` of
 * crates/tafel-server/src/http/api/tournaments.rs): the summary's fields and the clock of the
 * server (`now_ms`), the entrants, standings, rounds, boards in play and the crosstable.
 * @typedef {import("./words.js").TournamentSummary & {
 *   now_ms: number,
 *   next_round_ms: number | null,
 *   broken?: import("./hand-pairing.js").Broken[],
 *   players: { number: number | null, username: string, withdrawn: boolean }[],
 *   standings: Standing[],
 *   pairings: { round: number, boards: Board[] }[],
 *   in_play: Board[],
 *   crosstable: { username: string, results: string[], byes: number[] }[],
 *   byes: import("./byes.js").Bye[],
 *   entered: boolean,
 *   your_game: string | null,
 *   invite: string | null,
 * }} TournamentView */

/** A row of the standings (an Arena's with its score sheet).
 * @typedef {{ rank: number, username: string, points: number, tie_breaks: number[], games: number,
 *   withdrawn: boolean, rating: number | null, rating_change: number | null,
 *   sheet: { points: number, doubled: boolean, berserk: boolean }[], on_fire: boolean }} Standing */

/** A board of a round: `second` null for a bye.
 * @typedef {{ board: number, first: string, second: string | null, game_id: string | null, result: string | null }} Board */

/** An action of the page (`join`, `withdraw`, `byes`...) with its body, POST unless `method`
 * says otherwise.
 * @typedef {(path: string, body: object | null, method?: string) => Promise<void>} Act */

/** How often the page asks for the tournament again. */
const FOLLOW_MS = 2000;

/** Draws tournament `id` into `app` and follows it.
 * @param {HTMLElement} app
 * @param {string} id */
export async function tournamentPage(app, id) {
  const invite = new URLSearchParams(location.hash.slice(1)).get("invite");
  const me = await whoAmI();
  const parts = {
    head: el("section", { class: "card tournament-head", "aria-labelledby": "tournament-title" }),
    byes: el("section", { class: "card", id: "tournament-byes", "aria-labelledby": "byes-title" }),
    play: el("section", { class: "card", id: "tournament-in-play", "aria-labelledby": "in-play-title" }),
    standings: el("section", { class: "card", id: "tournament-standings", "aria-labelledby": "standings-title" }),
    rounds: el("section", { class: "card", id: "tournament-rounds", "aria-labelledby": "rounds-title" }),
    cross: el("section", { class: "card", id: "tournament-crosstable", "aria-labelledby": "crosstable-title" }),
  };
  const chat = tournamentChat(id, me);
  app.replaceChildren(el("div", { class: "tournament-page" }, Object.values(parts), chat.section));
  const titles = await gameTitles();
  /** @type {TournamentView} */
  let view = await api(`/api/tournaments/${id}`);
  let offset = view.now_ms - Date.now();
  const error = el("p", { class: "error", role: "alert", id: "tournament-action-error" });
  /** @type {Act} */
  const act = async (path, body, method = "POST") => {
    error.textContent = "";
    try {
      view = await api(`/api/tournaments/${id}/${path}`, { method, ...(body ? { body: JSON.stringify(body) } : {}) });
      draw(true);
    } catch (e) {
      error.textContent = e.message;
    }
  };
  /** Draws the page; `acted`: after the player's own action, even the part they are in. */
  const draw = (acted = false) => {
    document.title = `${view.name} · Tafel`;
    drawHead(parts.head, view, titles, Date.now() + offset, me, invite, act, error);
    // Not while the player is choosing a bye there.
    if (acted || !parts.byes.contains(document.activeElement)) {
      const byes = byeSection(view, me, act);
      parts.byes.hidden = !byes;
      parts.byes.replaceChildren(...(byes ? [byes] : []));
    }
    // Its players (withdrawn ones too) and its organiser write in its chat.
    chat.update(Boolean(me) && (me?.username === view.organiser || view.players.some((p) => p.username === me?.username)));
    drawInPlay(parts.play, view, id);
    drawStandings(parts.standings, view);
    const arena = view.kind === "arena";
    parts.rounds.hidden = arena;
    parts.cross.hidden = arena;
    if (!arena) {
      // Not while the organiser is choosing a correction there.
      if (!parts.rounds.contains(document.activeElement)) drawRounds(parts.rounds, view, id, me, act);
      drawCrosstable(parts.cross, view);
    }
    goToYourGame(view, id);
  };
  draw();
  const follow = async () => {
    try {
      view = await api(`/api/tournaments/${id}`);
      offset = view.now_ms - Date.now();
      draw();
    } catch {
      // Asked again at the next tick; the last view stays.
    }
    if (view.state === "open" || view.state === "running") setTimeout(follow, FOLLOW_MS);
  };
  setTimeout(follow, FOLLOW_MS);
  // The countdown ticks between the looks at the server.
  const tick = setInterval(() => {
    const count = document.getElementById("tournament-countdown");
    if (!count) return clearInterval(tick);
    const until = countdownEnd(view);
    if (until) count.textContent = countdown(until, Date.now() + offset);
  }, 1000);
}

/** What the page counts down to: the start while open for entries, an Arena's end, the
 * beginning of the round paired last during the pause between rounds; `null` otherwise.
 * @type {(view: TournamentView) => number | null | undefined} */
const countdownEnd = (view) => (view.state === "open" ? view.starts_ms
  : view.kind === "arena" ? view.ends_ms : view.next_round_ms ?? null);

/** A player's next game, paired: the page goes there once it is made (a moment after the
 * pairing), once per game (coming back to the page after the game does not send them there
 * again).
 * @param {TournamentView} view
 * @param {string} id */
async function goToYourGame(view, id) {
  if (!view.your_game) return;
  const key = `tafel:tournament-sent:${view.your_game}`;
  if (sessionStorage.getItem(key)) return;
  const made = await request(`/api/games/${view.your_game}`).then((r) => r.ok).catch(() => false);
  if (!made || sessionStorage.getItem(key)) return;
  sessionStorage.setItem(key, "1");
  location.href = `/game/${view.your_game}?tournament=${id}`;
}

/** The head: the name, what it is, its state and countdown, the players, the invitation link,
 * and the buttons to enter, withdraw, go to one's game and export the results.
 * @param {Element} node
 * @param {TournamentView} view
 * @param {Map<string, string>} titles
 * @param {number} now the server's time
 * @param {{ username: string } | null} me
 * @param {string | null} invite
 * @param {Act} act
 * @param {HTMLElement} error */
function drawHead(node, view, titles, now, me, invite, act, error) {
  const link = view.invite ? `${location.origin}/tournament/${view.id}#invite=${view.invite}` : null;
  const endsMs = view.ends_ms ?? 0; // an Arena has its end
  // An Arena takes players until its end: late entrants, and those who withdrew and come back.
  const arenaOpen = view.kind === "arena" && view.state === "running" && now < endsMs;
  // A Swiss may take players until its last round is paired, a bye for each round missed.
  const swissOpen = view.kind === "swiss" && view.state === "running" && view.late_entry !== "closed"
    && view.round < view.rounds;
  const entriesOpen = view.state === "open" || arenaOpen || swissOpen;
  const canEnter = me && entriesOpen && !view.entered;
  const canLeave = me && view.entered && (view.state === "open" || view.state === "running");
  // An Arena's withdrawal is a pause, as on lichess: the game in play is played out, and the
  // player comes back when they like.
  const pausing = view.kind === "arena" && view.state === "running";
  const paused = pausing && me && view.players.some((p) => p.username === me.username && p.withdrawn);
  fill(node,
    el("h1", { id: "tournament-title" }, view.name),
    el("p", { class: "help" }, summaryWords(view, titles), " · ", t("organised by {name}", { name: view.organiser })),
    el("p", { id: "tournament-state", "data-state": view.state }, stateWords(view)),
    podium(view, points),
    view.state === "open" && el("p", {}, t("Starts {when}, in", { when: startWords(view.starts_ms) }), " ",
      el("strong", { id: "tournament-countdown" }, countdown(view.starts_ms, now))),
    view.state === "running" && view.next_round_ms && el("p", { id: "tournament-next-round" },
      t("Round {round} begins in", { round: view.round }), " ",
      el("strong", { id: "tournament-countdown" }, countdown(view.next_round_ms, now))),
    view.round_pause_s > 0 && el("p", { class: "help" }, t("A pause of {time} between rounds", { time: durationWords(view.round_pause_s) })),
    view.kind === "arena" && view.state === "open" && el("p", { class: "help" }, t("Lasts {minutes} minutes.", { minutes: view.minutes })),
    view.kind === "arena" && view.state === "running" && (now < endsMs
      ? el("p", {}, t("Ends {when}, in", { when: startWords(endsMs) }), " ", el("strong", { id: "tournament-countdown" }, countdown(endsMs, now)))
      : el("p", { id: "tournament-time-up" }, t("The time is up: the games in play are played out and count."))),
    arenaOpen && el("p", { class: "help", id: "tournament-late-entry" }, t("Players may enter until the end, pause and come back.")),
    swissOpen && el("p", { class: "help", id: "tournament-late-entry" }, view.late_entry === "half_point_byes"
      ? t("Players may still enter until the last round is paired; the rounds they missed score half a point each.")
      : t("Players may still enter until the last round is paired; the rounds they missed score nothing.")),
    el("p", { class: "help" }, t("{n} of at most {max} players", { n: view.entrants, max: view.max_entrants }), ": ",
      view.players.filter((p) => !p.withdrawn).map((p) => p.username).join(", ") || t("nobody yet")),
    link && el("p", {}, t("Invitation link:"), " ", el("input", { id: "tournament-invite", readonly: true, value: link, "aria-label": t("Invitation link:") })),
    el("div", { class: "controls" },
      canEnter && el("button", { id: "tournament-join", onclick: () => act("join", invite ? { invite } : {}) }, paused ? t("Come back") : t("Enter")),
      canLeave && el("button", { class: "secondary", id: "tournament-withdraw", onclick: () => act("withdraw", {}) }, pausing ? t("Pause") : t("Withdraw")),
      canLeave && pausing && el("span", { class: "help" }, t("Your game in play is played out; you are paired again when you come back.")),
      !me && entriesOpen && el("a", { href: "/sign-in" }, t("Sign in to enter")),
      view.your_game && el("a", { href: `/game/${view.your_game}?tournament=${view.id}`, id: "tournament-your-game" }, t("Your game")),
      hasReport(view) && el("a", { href: `/api/tournaments/${view.id}/trf`, id: "tournament-trf", download: `tafel-tournament-${view.id}.trf` }, t("Export as TRF"))),
    error);
}

/** The games in play.
 * @param {Element} node
 * @param {TournamentView} view
 * @param {string} id */
function drawInPlay(node, view, id) {
  fill(node, el("h2", { id: "in-play-title" }, t("Games in play")),
    view.in_play.length
      ? el("ul", { class: "recent" }, view.in_play.map((b) => el("li", { "data-game": b.game_id },
        el("a", { href: `/game/${b.game_id}?tournament=${id}` }, t("{first} against {second}", { first: b.first, second: b.second })))))
      : el("p", { class: "help" }, view.state !== "running" ? t("None now.")
        : view.kind === "arena" ? t("Players are paired as soon as two are free.")
          : view.next_round_ms ? t("Round {round} is paired; its games begin after the pause.", { round: view.round })
            : t("The next round is being paired.")));
}

/** Whether the tournament has a TRF export: played in rounds (not an Arena), and started. */
const hasReport = (/** @type {TournamentView} */ view) => view.kind !== "arena" && (view.state === "running" || view.state === "finished");


/** The standings.
 * @param {Element} node
 * @param {TournamentView} view */
function drawStandings(node, view) {
  // The tournament's tie-breaks in their order, by FIDE's acronyms so that the table fits a
  // phone; the name in words is the acronym's title.
  const tieBreaks = view.tie_breaks.map((code, i) => ({
    head: el("abbr", { title: tieBreakName(code) }, code),
    value: (/** @type {Standing} */ s) => s.tie_breaks[i],
  }));
  const arena = view.kind === "arena";
  // An Arena's score sheet: each game's points, a doubled one (on a streak) in red, one with a
  // berserk point underlined; a player on fire is marked after the name.
  const sheet = (/** @type {Standing} */ s) => el("td", { class: "arena-sheet" }, s.sheet.map((m) => el("span", {
    class: `sheet-mark${m.doubled ? " doubled" : ""}${m.berserk ? " berserk" : ""}`,
    title: [m.doubled && t("doubled: a streak"), m.berserk && t("berserk point")].filter(Boolean).join(", ") || null,
  }, `${m.points}`)));
  const rated = view.standings.some((s) => s.rating !== null && s.rating !== undefined);
  const changed = view.standings.some((s) => s.rating_change !== null && s.rating_change !== undefined);
  const ratingHeads = [rated && t("Rating"), changed && el("abbr", { title: t("Rating change in this tournament") }, "±")].filter(Boolean);
  const ratingCells = (/** @type {Standing} */ s) => [
    rated && el("td", { class: "rating" }, s.rating ?? "–"),
    changed && el("td", { class: "rating-change" }, signed(s.rating_change)),
  ].filter(Boolean);
  fill(node, el("h2", { id: "standings-title" }, t("Standings")),
    view.standings.length
      ? el("div", { class: "table-scroll", ...scrollRegion("standings-title") }, el("table", { class: "leaders", id: "standings" },
        el("thead", {}, el("tr", {}, [el("abbr", { title: t("Rank") }, "#"), t("Player"), ...ratingHeads, t("Points"), ...(arena ? [t("Game points")] : tieBreaks.map((b) => b.head)), t("Games")]
          .map((h) => el("th", { scope: "col" }, h)))),
        el("tbody", {}, view.standings.map((s) => el("tr", { "data-player": s.username },
          el("td", {}, s.rank),
          el("td", {}, el("a", { href: `/@/${encodeURIComponent(s.username)}` }, s.username), s.withdrawn ? ` (${arena ? t("paused") : t("withdrawn")})` : "",
            s.on_fire ? [" ", el("span", { class: "on-fire", title: t("on fire: the next game counts double") }, t("on fire"))] : ""),
          ratingCells(s),
          el("td", { "data-points": s.points }, points(s.points)),
          arena ? sheet(s) : tieBreaks.map((b) => el("td", {}, b.value(s))),
          el("td", {}, s.games))))))
      : el("p", { class: "help" }, t("The standings start with the first round.")));
}

/** A rating change as the standings show it: "+12", "−8", "0"; a dash when none was rated. */
const signed = (/** @type {number | null} */ change) => (change === null || change === undefined ? "–"
  : change > 0 ? `+${change}` : change < 0 ? `−${-change}` : "0");

/** A board's result as the tables show it. */
const resultWords = (/** @type {string} */ result) => (result === "1/2-1/2" ? "½-½" : result);

/** The results an organiser may correct a game's to, as the API writes them. */
const RESULTS = ["1-0", "0-1", "1/2-1/2", "+:-", "-:+", "-:-"];

/** The organiser's control that corrects the result of board `b` of round `round`.
 * @param {number} round
 * @param {Board} b
 * @param {Act} act */
function correction(round, b, act) {
  const label = t("Correct the result of {first} – {second}", { first: b.first, second: b.second ?? "" });
  return el("select", {
    class: "result-correction", "aria-label": label, title: label,
    onchange: (/** @type {Event} */ e) => {
      const select = /** @type {HTMLSelectElement} */ (e.target);
      // Let go of the control, so that the pairings are drawn again with the new result.
      select.blur();
      if (select.value && select.value !== b.result) act("results", { round, board: b.board, result: select.value });
    },
  }, el("option", { value: "" }, t("Correct…")),
  RESULTS.map((r) => el("option", { value: r }, resultWords(r))));
}

/** The rounds' pairings, the latest first; for the organiser, each game's result correctable;
 * a Swiss's round waiting to begin with what it breaks, and for the organiser its form (hand-pairing.js).
 * @param {Element} node
 * @param {TournamentView} view
 * @param {string} id
 * @param {{ username: string } | null} me
 * @param {Act} act */
function drawRounds(node, view, id, me, act) {
  const organiser = me !== null && me.username === view.organiser;
  const waiting = (/** @type {{ round: number }} */ round) => Boolean(view.next_round_ms) && round.round === view.round;
  fill(node, el("h2", { id: "rounds-title" }, t("Pairings")),
    view.pairings.length ? view.pairings.slice().reverse().map((round) => el("div", { class: "tournament-round", "data-round": round.round },
      el("h3", {}, t("Round {round}", { round: round.round })),
      el("ul", { class: "recent" }, round.boards.map((b) => el("li", { "data-board": b.board },
        b.second === null || b.second === undefined
          ? t("{name} has a bye", { name: b.first })
          : [b.game_id ? el("a", { href: `/game/${b.game_id}?tournament=${id}` }, `${b.first} – ${b.second}`) : `${b.first} – ${b.second}`,
            " ", el("strong", { class: "board-result" }, b.result ? resultWords(b.result) : waiting(round) ? t("waiting") : t("playing")),
            organiser && b.result ? [" ", correction(round.round, b, act)] : ""])),
        byeLines(view.byes ?? [], round.round)),
      waiting(round) && view.kind === "swiss" && waitingRound(view, round, organiser, act)))
      : el("p", { class: "help" }, t("Round 1 is paired at the start.")));
}

/** A crosstable's column of byes, when anyone had one: the rounds of each player's bye ("R3"),
 * scored as the pairings say (a Swiss's as a win).
 * @param {TournamentView} view */
function byeCells(view) {
  if (!view.crosstable.some((row) => row.byes?.length)) return null;
  return {
    head: el("th", { scope: "col" }, t("Bye")),
    cell: (/** @type {TournamentView["crosstable"][number]} */ row) => el("td", { class: "bye" }, row.byes.map((round) => t("R{round}", { round })).join(" ")),
  };
}

/** A table's scrolling box as a region a keyboard can reach and scroll (on a phone a wide table
 * scrolls sideways), named by its heading.
 * @param {string} heading the heading's id */
const scrollRegion = (heading) => ({ tabindex: "0", role: "region", "aria-labelledby": heading });

/** The crosstable, its rows and columns in the order of the standings (as FIDE's are printed):
 * row and column N are the player in place N.
 * @param {Element} node
 * @param {TournamentView} view */
function drawCrosstable(node, view) {
  const byes = byeCells(view);
  const place = new Map(view.standings.map((s, i) => [s.username, i]));
  /** The entrants' numbers (the server's order of `results`) in the order of the standings. */
  const order = view.crosstable.map((_, n) => n)
    .sort((a, b) => (place.get(view.crosstable[a].username) ?? a) - (place.get(view.crosstable[b].username) ?? b));
  fill(node, el("h2", { id: "crosstable-title" }, t("Crosstable")),
    view.crosstable.length
      ? el("div", { class: "table-scroll", ...scrollRegion("crosstable-title") }, el("table", { class: "leaders crosstable", id: "crosstable" },
        el("thead", {}, el("tr", {}, el("th", { scope: "col" }, "#"), el("th", { scope: "col" }, t("Player")),
          order.map((_, i) => el("th", { scope: "col" }, i + 1)), byes?.head)),
        el("tbody", {}, order.map((n, i) => el("tr", { "data-player": view.crosstable[n].username },
          el("th", { scope: "row" }, i + 1), el("td", {}, view.crosstable[n].username),
          order.map((m) => el("td", { class: n === m ? "self" : "" }, n === m ? "×" : view.crosstable[n].results[m])),
          byes?.cell(view.crosstable[n]))))))
      : el("p", { class: "help" }, t("Filled in as games end.")));
}

// Quick pairing, as lichess has it: a grid of tiles, each a game at a clock that suits it. One
// click on a tile takes the oldest open seek that asks for the same (the same game with the
// settings the lobby offers first, the same clock, rated or casual as the tile says, a range of
// ratings that admits the player), or else lists a seek of the player's own and shows the tile
// waiting; a second click withdraws it. A signed-in player's tiles are rated, a guest's casual.
// The grid and why each clock is in docs/api.md ("Quick pairing").

import { t, tn } from "../i18n.js";
import { api, el } from "../ui.js";
import { sameSettings } from "./settings.js";
import { clockWords } from "./time-control.js";

/** @typedef {import("./lobby-socket.js").Seek} Seek */
/** @typedef {import("../ui.js").CatalogGame} CatalogGame */

/** A tile: a game and a Fischer clock (minutes each, seconds added per move). */
/** @typedef {{ game: string, minutes: number, increment: number }} Tile */

/** The tiles, fastest first: EinStein's games are a few dozen die-driven moves; Black Path's and
 * Karl's Race's moves are quick choices among few; Carreaux, Kauri and Quarx reward thought.
 * @type {Tile[]} */
export const TILES = [
  { game: "einstein", minutes: 2, increment: 1 },
  { game: "einstein", minutes: 3, increment: 2 },
  { game: "black-path", minutes: 3, increment: 2 },
  { game: "karls-race", minutes: 3, increment: 2 },
  { game: "black-path", minutes: 5, increment: 3 },
  { game: "karls-race", minutes: 5, increment: 3 },
  { game: "carreaux", minutes: 5, increment: 3 },
  { game: "kauri", minutes: 5, increment: 3 },
  { game: "quarx", minutes: 5, increment: 3 },
  { game: "carreaux", minutes: 10, increment: 5 },
  { game: "kauri", minutes: 10, increment: 5 },
  { game: "quarx", minutes: 10, increment: 5 },
];

/** Who plays: an account (its username and its ratings by game, rounded) or a guest (null).
 * @typedef {{ username: string, ratings: Record<string, number> } | null} Player */

/** The tiles for the games of `catalog` that are on this server, with their error line;
 * `socket` lists the seeks and takes them, `account` says who plays.
 * @param {{ games: CatalogGame[] }} catalog
 * @param {import("./lobby-socket.js").LobbySocket} socket
 * @param {Promise<{ username: string } | null>} account */
export function quickPairing(catalog, socket, account) {
  const error = el("p", { class: "error", role: "alert", id: "quick-pairing-error" });
  /** @type {Player} */
  let player = null;
  // Until the server answers a click (the list changes) or two seconds pass, another click
  // waits: a double click makes one seek, not two.
  let answerAwaitedUntil = 0;
  // Who plays, read when the lobby opens and again at each click: a rated game played since
  // (in another tab, say) changed the ratings that decide which seeks the player may take.
  const readPlayer = () => account.then(async (signedIn) => {
    player = signedIn ? { username: signedIn.username, ratings: await ratingsOf(signedIn.username) } : null;
  });
  const known = readPlayer();
  const tiles = TILES.filter((tile) => catalog.games.some((g) => g.name === tile.game)).map((tile) => {
    const game = /** @type {CatalogGame} */ (catalog.games.find((g) => g.name === tile.game));
    const state = el("span", { class: "tile-state" });
    const button = el("button", { type: "button", class: "tile", "data-tile": `${tile.game}:${tile.minutes}+${tile.increment}`, "aria-pressed": "false",
      onclick: async () => {
        if (Date.now() < answerAwaitedUntil) return;
        answerAwaitedUntil = Date.now() + 2000;
        await readPlayer();
        await choose(tile, game, socket, player, error);
      } },
    el("span", { class: "tile-clock" }, clockWords(timeControl(tile))), el("span", { class: "tile-game" }, game.title), state);
    return { tile, game, button, state };
  });
  const refresh = () => {
    for (const { tile, game, button, state } of tiles) {
      const { mine, open } = candidates(tile, game, socket, player, loaded.get(tile.game) ?? {});
      button.setAttribute("aria-pressed", String(Boolean(mine)));
      state.textContent = mine ? t("waiting… click to cancel")
        : open.length ? tn(open.length, "{n} player waiting", "{n} players waiting") : player ? t("rated") : t("casual");
    }
  };
  socket.listen(() => { answerAwaitedUntil = 0; refresh(); });
  Promise.all([...new Set(TILES.map((tile) => tile.game))].map(lobbySettings)).then(refresh, () => {});
  known.then(refresh);
  refresh();
  return el("div", { class: "quick-pairing", role: "group", "aria-labelledby": "quick-pairing-title" },
    el("h3", { id: "quick-pairing-title" }, t("Quick pairing")),
    el("p", { class: "help" }, t("One click: play someone who waits for the same, or wait yourself.")),
    el("div", { class: "tiles" }, tiles.map((entry) => entry.button)), error);
}

/** A tile's click: its own seek withdrawn if it waits; else the oldest matching seek taken, or a
 * seek of its own listed.
 * @param {Tile} tile
 * @param {CatalogGame} game
 * @param {import("./lobby-socket.js").LobbySocket} socket
 * @param {Player} player
 * @param {HTMLElement} error */
async function choose(tile, game, socket, player, error) {
  const settings = await lobbySettings(tile.game);
  const { mine, open } = candidates(tile, game, socket, player, settings);
  if (mine) socket.send({ type: "withdraw", id: mine.id }, error);
  else if (open.length) socket.send({ type: "take", id: open[0].id }, error);
  else socket.send({ type: "seek", seek: { game: tile.game, settings, time_control: timeControl(tile), rated: player !== null } }, error);
}

/** The seeks listed that ask for what `tile` offers (its game with `settings`, its clock, rated
 * for an account and casual for a guest): the player's own (`mine`, if any), and the others
 * the player may take (`open`, oldest first: not the same account's, within their range).
 * @param {Tile} tile
 * @param {CatalogGame} game
 * @param {import("./lobby-socket.js").LobbySocket} socket
 * @param {Player} player
 * @param {Record<string, string>} settings */
function candidates(tile, game, socket, player, settings) {
  const matching = socket.seeks().filter((seek) => seek.game === tile.game && seek.rated === (player !== null)
    && sameClock(seek.time_control, tile) && sameSettings(game, seek.settings, settings));
  const rating = player ? player.ratings[tile.game] ?? START_RATING : null;
  return {
    mine: matching.find((seek) => socket.isMine(seek)),
    open: matching.filter((seek) => !socket.isMine(seek) && !(seek.account && seek.name === player?.username)
      && (rating === null || ((seek.rating_min ?? 0) <= rating && rating <= (seek.rating_max ?? Infinity)))),
  };
}

/** Whether `control` is the tile's clock.
 * @param {import("../ui.js").TimeControl} control
 * @param {Tile} tile */
const sameClock = (control, tile) => control.kind === "fischer"
  && control.initial_seconds === tile.minutes * 60 && control.increment_seconds === tile.increment;

/** The settings each game's board module has the lobby offer first, by game, once loaded.
 * @type {Map<string, Record<string, string>>} */
const loaded = new Map();

/** The settings the lobby offers first for `game` (Carreaux's free variant; the defaults for the
 * others): its board module's `lobbyDefaults`.
 * @param {string} game */
async function lobbySettings(game) {
  /** @type {import("../boards/common.js").BoardModule} */
  const board = await import(`../boards/${game}.js`);
  loaded.set(game, board.lobbyDefaults ?? {});
  return board.lobbyDefaults ?? {};
}

/** A newcomer's rating in a game, as the server counts it when a seek's range is checked. */
const START_RATING = 1500;

/** An account's ratings by game, rounded (none: `{}`).
 * @param {string} username
 * @returns {Promise<Record<string, number>>} */
const ratingsOf = (username) => api(`/api/players/${encodeURIComponent(username)}`).then(
  (/** @type {{ ratings: { game: string, rating: number }[] }} */ page) => Object.fromEntries(page.ratings.map((r) => [r.game, Math.round(r.rating)])),
  () => ({}));

/** A tile's clock as the API's time control.
 * @param {Tile} tile
 * @returns {import("../ui.js").TimeControl} */
const timeControl = (tile) => ({ kind: "fischer", initial_seconds: tile.minutes * 60, increment_seconds: tile.increment });

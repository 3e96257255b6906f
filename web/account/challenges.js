// The challenges sent to the signed-in person (docs/accounts.md, "People"), on every page: the
// header asks the server every few seconds (which also keeps the person "online" for those who
// follow them) and shows each challenge under the header with what it asks for (the game, its
// settings, the clock, rated or not, the side) and Accept / Decline. Accepting opens the game
// with the person's seat; declining tells the challenger.

import { api, el, fill } from "../ui.js";
import { clockWords } from "../lobby/time-control.js";
import { notDefaults, settingsLine } from "../lobby/settings.js";
import { t } from "../i18n.js";

/** How often the page asks for the challenges waiting, in milliseconds. */
const POLL_MS = 3000;

/** A challenge as the server shows it (`GET /api/account/challenges`).
 * @typedef {{ id: string, challenger: string, challenged: string, game: string, settings: Record<string, string>,
 *   time_control: import("../ui.js").TimeControl, side: string, rated: boolean }} Challenge */

/** Starts showing the challenges sent to the signed-in person under the site's header. */
export function watchChallenges() {
  const header = document.querySelector("header.site");
  if (!header) return;
  const box = el("aside", { id: "incoming-challenges", class: "incoming-challenges", "aria-live": "polite", "aria-label": t("Challenges") });
  header.after(box);
  /** @type {Promise<{ games: import("../ui.js").CatalogGame[] }> | null} */
  let catalog = null;
  /** The ids shown, so that a list that did not change is not drawn again (focus stays). */
  let shown = "";
  const poll = async () => {
    /** @type {{ received: Challenge[] } | null} */
    const waiting = await api("/api/account/challenges").catch(() => null);
    if (!waiting) return;
    const ids = waiting.received.map((c) => c.id).join(",");
    if (ids === shown) return;
    shown = ids;
    catalog ??= api("/api/catalog");
    const games = (await catalog).games;
    fill(box, waiting.received.map((c) => challengeCard(c, games.find((g) => g.name === c.game))));
  };
  poll();
  setInterval(poll, POLL_MS);
}

/** One challenge, with what it asks for and its two buttons.
 * @param {Challenge} challenge
 * @param {import("../ui.js").CatalogGame | undefined} entry */
function challengeCard(challenge, entry) {
  const side = { first: t("you move second"), second: t("you move first"), random: t("sides drawn at random") }[challenge.side];
  const terms = [entry?.title ?? challenge.game, settingsLine(entry, notDefaults(entry, challenge.settings)),
    clockWords(challenge.time_control), challenge.rated ? t("rated") : t("casual"), side].filter(Boolean).join(" · ");
  const status = el("span", { class: "error", role: "alert" });
  const answer = (/** @type {string} */ verb) => api(`/api/account/challenges/${encodeURIComponent(challenge.id)}/${verb}`, { method: "POST", body: "{}" });
  const accept = el("button", { type: "button", class: "accept-challenge", onclick: async () => {
    accept.disabled = true;
    try {
      const game = await answer("accept");
      location.href = `/game/${game.game}#seat=${game.seat}&token=${game.token}`;
    } catch (e) {
      fill(status, /** @type {Error} */ (e).message);
      accept.disabled = false;
    }
  } }, t("Accept"));
  const decline = el("button", { type: "button", class: "secondary decline-challenge", onclick: async () => {
    decline.disabled = true;
    try {
      await answer("decline");
      card.remove();
    } catch (e) {
      fill(status, /** @type {Error} */ (e).message);
    }
  } }, t("Decline"));
  const profile = el("a", { href: `/@/${encodeURIComponent(challenge.challenger)}` }, challenge.challenger);
  const card = el("div", { class: "incoming-challenge", "data-id": challenge.id },
    el("p", {}, el("strong", {}, profile, " ", t("challenges you"))),
    el("p", { class: "help" }, terms), el("div", { class: "buttons" }, accept, decline), status);
  return card;
}

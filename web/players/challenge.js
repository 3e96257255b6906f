// The form on a player's page that challenges them, a person (docs/accounts.md, "People") or a
// bot (docs/bots.md): the game, the challenger's side, the clock and whether it is rated. The
// page then asks the server every second whether they answered, goes to the game with the
// challenger's seat once they accepted, and says so (with the reason, if any) once they
// declined; the challenger may cancel while waiting.

import { api, el, fill } from "../ui.js";
import { clockPicker } from "../lobby/time-control.js";
import { t } from "../i18n.js";

/** How often the page asks whether the challenged answered, in milliseconds. */
const POLL_MS = 1000;

/** The challenge form for player `name`, offering the games of `catalog`.
 * @param {string} name
 * @param {{ games: import("../ui.js").CatalogGame[] }} catalog */
export function challengeForm(name, catalog) {
  const game = el("select", { id: "challenge-game" }, catalog.games.map((g) => el("option", { value: g.name }, g.title)));
  const side = el("select", { id: "challenge-side" },
    el("option", { value: "random" }, t("Random side")),
    el("option", { value: "first" }, t("I move first")),
    el("option", { value: "second" }, t("{name} moves first", { name })));
  const clock = clockPicker();
  const rated = el("input", { type: "checkbox", id: "challenge-rated" });
  const status = el("p", { id: "challenge-status", role: "status", "aria-live": "polite" });
  const button = el("button", { type: "submit", id: "challenge-send" }, t("Challenge"));
  const cancel = el("button", { type: "button", class: "secondary", id: "challenge-cancel", hidden: true }, t("Cancel the challenge"));
  const form = el("form", { class: "challenge-form", id: "challenge-form", onsubmit: async (/** @type {Event} */ e) => {
    e.preventDefault();
    button.disabled = true;
    const request = { game: game.value, side: side.value, time_control: clock.value(), rated: rated.checked };
    try {
      const challenge = await api(`/api/players/${encodeURIComponent(name)}/challenge`, { method: "POST", body: JSON.stringify(request) });
      fill(status, t("Waiting for {bot} to answer…", { bot: name }));
      cancel.onclick = () => api(`/api/account/challenges/${encodeURIComponent(challenge.id)}`, { method: "DELETE" })
        .catch((/** @type {Error} */ e) => fill(status, el("span", { class: "error", role: "alert" }, e.message)));
      cancel.hidden = false;
      await waitForAnswer(name, challenge.id, status);
    } catch (error) {
      fill(status, el("span", { class: "error", role: "alert" }, /** @type {Error} */ (error).message));
    }
    cancel.hidden = true;
    button.disabled = false;
  } },
  el("h2", { id: "challenge-title" }, t("Challenge {bot}", { bot: name })),
  el("label", { for: "challenge-game" }, t("Game")), game,
  el("label", { for: "challenge-side" }, t("Your side")), side,
  el("label", { for: "clock" }, t("Clock")), clock.nodes,
  el("label", { class: "check" }, rated, t("Rated (needs a clock)")),
  el("div", { class: "buttons" }, button, cancel), status);
  return el("section", { class: "card", "aria-labelledby": "challenge-title" }, form);
}

/** Asks for challenge `id` until `name` answers: goes to the game once accepted, and
 * returns with the reason shown once declined (or when it expired or was cancelled).
 * @param {string} name
 * @param {string} id
 * @param {Element} status */
async function waitForAnswer(name, id, status) {
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    const answer = await api(`/api/account/challenges/${encodeURIComponent(id)}`);
    const state = answer.challenge.status;
    if (state === "accepted" && answer.token !== undefined) {
      location.href = `/game/${answer.challenge.game_id}#seat=${answer.seat}&token=${answer.token}`;
      return;
    }
    if (state === "declined") {
      const reason = answer.challenge.reason;
      fill(status, el("span", { class: "error", id: "challenge-declined", role: "alert" },
        reason ? t("{name} declined: {reason}", { name, reason }) : t("{name} declined.", { name })));
      return;
    }
    if (state === "expired" || state === "cancelled") {
      fill(status, el("span", { class: "error", role: "alert" }, t("The challenge ended without an answer.")));
      return;
    }
  }
}

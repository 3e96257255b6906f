// A tournament's game ("/game/<id>?tournament=<tid>"): a link back to the tournament above the
// game, and once the game is over the player goes back by themselves after a few seconds, where
// the tournament page sends them on to their next game when it is paired.

import { api, el } from "../ui.js";
import { t } from "../i18n.js";

/** How often the game's state is asked for, and how long the end stays shown before going back. */
const LOOK_MS = 1500;
const BACK_AFTER_MS = 3000;

/** Adds the way back to tournament `tournament` to the page of game `game` in `app`. */
export function backToTournament(app, game, tournament) {
  const note = el("span", { class: "help", id: "tournament-back-note" });
  app.prepend(el("p", { class: "tournament-back" },
    el("a", { href: `/tournament/${tournament}`, id: "tournament-back" }, t("Back to the tournament")), " ", note));
  const look = async () => {
    const view = await api(`/api/games/${game}`).catch(() => null);
    if (view?.status?.state === "over") {
      note.textContent = t("The game is over: back to the tournament in a moment.");
      setTimeout(() => { location.href = `/tournament/${tournament}`; }, BACK_AFTER_MS);
      return;
    }
    setTimeout(look, LOOK_MS);
  };
  look();
}

// The seek made exactly as wanted, for "Play someone now": the new-game form's game, settings and
// clock (the clock stands beside this button), rated or casual, and for a rated seek an optional
// range of opponents' ratings. Rated is offered only to a signed-in player, the range only when
// rated (the server refuses a range on a casual seek).

import { t } from "../i18n.js";
import { el } from "../ui.js";

/** The seek's controls, to put where Start is: the button, "Rated", the range, the error.
 * `chosen()` gives the form's game, settings and clock; `signedIn` says whether Rated applies.
 * @param {import("./lobby-socket.js").LobbySocket} socket
 * @param {() => object} chosen
 * @param {Promise<boolean>} signedIn
 * @returns {Node[]} */
export function seekControls(socket, chosen, signedIn) {
  const error = el("p", { class: "error", role: "alert", id: "seek-error" });
  const rated = el("input", { type: "checkbox", id: "seek-rated" });
  const ratedLabel = el("label", { class: "check", id: "seek-rated-label", hidden: true }, rated, " ", t("Rated"));
  const bound = (/** @type {string} */ id) => el("input", { id, type: "number", min: 0, max: 4000, step: 50, inputmode: "numeric", placeholder: t("any") });
  const [lowest, highest] = [bound("seek-rating-min"), bound("seek-rating-max")];
  const range = el("fieldset", { class: "rating-range", id: "seek-range", hidden: true },
    el("legend", {}, t("Opponents' ratings (optional)")),
    el("label", { for: "seek-rating-min" }, t("from")), lowest,
    el("label", { for: "seek-rating-max" }, t("to")), highest);
  rated.addEventListener("change", () => { range.hidden = !rated.checked; });
  signedIn.then((yes) => { ratedLabel.hidden = !yes; });
  const ratingOf = (/** @type {HTMLInputElement} */ input) => (rated.checked && input.value !== "" ? Number(input.value) : null);
  const button = el("button", { id: "seek", class: "big", onclick: () => socket.send({ type: "seek", seek: {
    ...chosen(), rated: rated.checked, rating_min: ratingOf(lowest), rating_max: ratingOf(highest),
  } }, error) }, t("Seek an opponent"));
  return [button, ratedLabel, range, error];
}

// The lobby's "Following" card (docs/accounts.md, "People"): the players the signed-in person
// follows, by name, each marked online or not, and a Watch link to the game each is playing;
// asked again every few seconds. Follow players from their pages (web/account/follows.js).

import { el, fill } from "../ui.js";
import { followed } from "../account/follows.js";
import { t } from "../i18n.js";

/** How often the list is asked for again, in milliseconds. */
const REFRESH_MS = 10000;

/** The card, for a signed-in person only (null otherwise).
 * @param {Promise<{ username: string } | null>} account */
export async function followingCard(account) {
  if (!(await account)) return null;
  const list = el("ul", { class: "recent following", id: "following" });
  const show = async () => {
    const players = await followed();
    fill(list, players.length ? players.map((p) => el("li", { "data-name": p.username, "data-online": String(p.online) },
      el("span", { class: `follow-dot${p.online ? " online" : ""}`, "aria-hidden": "true" }),
      el("a", { href: `/@/${encodeURIComponent(p.username)}` }, p.username), " ",
      el("span", { class: "help" }, p.online ? t("online") : t("offline")),
      p.playing ? [" · ", el("a", { href: `/game/${p.playing}`, class: "watch" }, t("Watch"))] : null))
      : el("li", { class: "help" }, t("Follow players from their pages to see here when they are online and playing.")));
  };
  await show();
  setInterval(show, REFRESH_MS);
  return el("section", { class: "card following-card", "aria-labelledby": "following-title" },
    el("h2", { id: "following-title" }, t("Following")), list);
}

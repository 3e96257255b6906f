// The account part of every page's header: "Sign in" and "Sign up" links, or the username
// with a menu (profile, settings, for a moderator the moderation page, sign out) and the
// challenges sent to the person (web/account/challenges.js). Loaded by every
// page (the lobby, games, rules, the 404 page), and by the account pages to know who is signed in.

import { el, fill, request } from "../ui.js";
import { t } from "../i18n.js";

/** The account signed in, as `GET /api/account` shows it.
 * @typedef {{ username: string, moderator?: boolean }} Me */

/** @type {Promise<Me | null> | undefined} */
let current;

/** Who is signed in: `{ username, moderator }`, or null (asked once a page, unless `fresh`). */
export function whoAmI(fresh = false) {
  if (!current || fresh) {
    current = request("/api/account").then((r) => (r.ok ? r.json() : null)).catch(() => null);
  }
  return current;
}

/** Draws the header's account part for whoever is signed in now. */
export async function showAccount(fresh = false) {
  const nav = document.getElementById("account");
  if (!nav) return;
  const me = await whoAmI(fresh);
  if (!me) {
    fill(nav, el("a", { href: "/sign-in", id: "sign-in-link" }, t("Sign in")), el("a", { href: "/sign-up", id: "sign-up-link" }, t("Sign up")));
    return;
  }
  const name = me.username;
  if (!document.getElementById("incoming-challenges")) import("./challenges.js").then((m) => m.watchChallenges());
  fill(nav, el("details", { class: "account-menu", id: "account-menu" },
    el("summary", { id: "account-name" }, name),
    el("ul", {},
      el("li", {}, el("a", { href: `/@/${encodeURIComponent(name)}` }, t("Your profile"))),
      el("li", {}, el("a", { href: "/settings" }, t("Settings"))),
      me.moderator ? el("li", {}, el("a", { href: "/moderation", id: "moderation-link" }, t("Moderation"))) : null,
      el("li", {}, el("button", { type: "button", class: "link", id: "sign-out", onclick: signOut }, t("Sign out"))))));
}

/** Ends the session on the server and goes back to the lobby. */
async function signOut() {
  await request("/api/session", { method: "DELETE" }).catch(() => null);
  location.assign("/");
}

showAccount();

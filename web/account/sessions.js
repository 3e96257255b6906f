// The sessions part of "/settings" (issue #45): where the account is signed in (the browser,
// read from its User-Agent; the address and time it was last seen), a "Sign out" for each
// other session and "Sign out everywhere else".

import { api, el, fill } from "../ui.js";
import { language, t } from "../i18n.js";

/** @typedef {{ id: string, device: string | null, address: string | null, created_ms: number, seen_ms: number, current: boolean }} SessionView */

/** A browser's description as people say it ("Firefox on Linux"), read from its User-Agent;
 * the header itself, cut short, when neither part is recognised.
 * @param {string | null} agent
 * @returns {string} */
export function deviceName(agent) {
  if (!agent) return t("An unknown browser");
  /** @type {[RegExp, string][]} */
  const browsers = [[/Edg(e|A|iOS)?\//, "Edge"], [/OPR\//, "Opera"], [/Firefox\/|FxiOS\//, "Firefox"],
    [/Chromium\//, "Chromium"], [/Chrome\/|CriOS\//, "Chrome"], [/Version\/[\d.]+.*Safari\//, "Safari"]];
  /** @type {[RegExp, string][]} */
  const systems = [[/iPhone|iPad|iPod/, "iOS"], [/Android/, "Android"], [/CrOS/, "ChromeOS"],
    [/Windows/, "Windows"], [/Mac OS X|Macintosh/, "macOS"], [/Linux|X11/, "Linux"]];
  const browser = browsers.find(([pattern]) => pattern.test(agent))?.[1];
  const system = systems.find(([pattern]) => pattern.test(agent))?.[1];
  if (browser && system) return t("{browser} on {system}", { browser, system });
  return browser ?? system ?? (agent.length > 60 ? `${agent.slice(0, 60)}…` : agent);
}

/** A moment, in the page's language.
 * @param {number} ms */
const when = (ms) => new Date(ms).toLocaleString(language(), { dateStyle: "medium", timeStyle: "short" });

/** One session's line; `ended` is called once it is signed out.
 * @param {SessionView} session
 * @param {() => void} ended */
function line(session, ended) {
  const error = el("p", { class: "error", role: "alert" });
  const signOut = session.current ? [] : [el("button", {
    type: "button", class: "secondary", "aria-label": t("Sign out {device}", { device: deviceName(session.device) }),
    onclick: async () => {
      fill(error);
      try {
        await api(`/api/account/sessions/${encodeURIComponent(session.id)}`, { method: "DELETE" });
        ended();
      } catch (e) {
        fill(error, /** @type {Error} */ (e).message);
      }
    },
  }, t("Sign out"))];
  return el("li", { class: "session", "data-session": session.id },
    el("div", {},
      el("strong", { title: session.device ?? "" }, deviceName(session.device)),
      session.current ? [" ", el("span", { class: "badge" }, t("this browser"))] : [],
      el("div", { class: "help" },
        t("Last seen {when}", { when: when(session.seen_ms) }),
        session.address ? ` · ${session.address}` : "",
        " · ", t("signed in {when}", { when: when(session.created_ms) }))),
    ...signOut, error);
}

/** The sessions card of "/settings", filled from the server (and again after each sign-out).
 * @returns {Promise<HTMLElement>} */
export async function sessionSettings() {
  const card = el("section", { class: "card account-form", id: "sessions" });
  const load = async () => {
    /** @type {SessionView[]} */
    const listed = await api("/api/account/sessions");
    // This browser first, then the others as the server lists them (the last seen first).
    const sessions = [...listed.filter((s) => s.current), ...listed.filter((s) => !s.current)];
    const others = sessions.filter((s) => !s.current).length;
    const error = el("p", { class: "error", role: "alert" });
    const everywhere = others ? [el("button", {
      type: "button", id: "sign-out-elsewhere", class: "secondary",
      onclick: async () => {
        fill(error);
        try {
          await api("/api/account/sessions", { method: "DELETE" });
          await load();
        } catch (e) {
          fill(error, /** @type {Error} */ (e).message);
        }
      },
    }, t("Sign out everywhere else")), error] : [el("p", { class: "help" }, t("You are signed in nowhere else."))];
    fill(card, el("h2", {}, t("Where you are signed in")),
      el("ul", { class: "sessions" }, sessions.map((s) => line(s, () => void load()))),
      ...everywhere);
  };
  await load();
  return card;
}

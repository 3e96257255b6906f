// The seats of the account signed in: the tokens this browser holds, claimed for the account
// at sign-up and sign-in, and the account's seats of a game opened on a browser that holds
// none of their tokens.

import { api, request, tokens } from "../ui.js";

/** Seats a claim carries at most (the server's bound). */
const CLAIM_PART = 200;

/** Every seat token this browser holds: `{ game, token }` for the seats it may move for. */
function heldTokens() {
  const held = [];
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i);
    const game = key?.match(/^tafel:([a-z0-9]+)$/)?.[1];
    if (!key || !game) continue;
    let seats;
    try { seats = JSON.parse(localStorage.getItem(key) ?? "null"); } catch { continue; }
    if (!seats || typeof seats !== "object") continue;
    for (const h of Object.values(seats)) {
      if (h && typeof h.token === "string" && (h.kind === "local" || h.joined)) held.push({ game, token: h.token });
    }
  }
  return held;
}

/** Claims for the account signed in the seats this browser holds; the number of games that
 * became the account's. */
export async function claimHeldSeats() {
  const held = heldTokens();
  let claimed = 0;
  for (let i = 0; i < held.length; i += CLAIM_PART) {
    const answer = await api("/api/account/claims", { method: "POST", body: JSON.stringify({ seats: held.slice(i, i + CLAIM_PART) }) });
    claimed += answer.claimed;
  }
  return claimed;
}

/** On a browser that holds no seat of game `id`, the seats the account signed in plays
 * there (nothing when nobody is signed in).
 * @param {string} id */
export async function openAccountSeats(id) {
  if (Object.keys(tokens.load(id)).length) return;
  const response = await request(`/api/games/${id}/my-seats`).catch(() => null);
  if (!response?.ok) return;
  /** @type {{ seats: { seat: number, token: string }[] }} */
  const { seats } = await response.json();
  if (!seats.length) return;
  tokens.save(id, Object.fromEntries(seats.map((s) => [s.seat, { kind: "seat", token: s.token, joined: true }])));
}

// Asking the server about a position of no game (docs/analysis.md, "The analysis board"): what
// the game reads in a code (POST /api/positions: the side to move, the legal moves), and what
// the engine makes of it (POST /api/positions/analysis: the side to move's chances and the best
// line). The position editor and the game page's analysis board both ask through here.

import { api } from "../ui.js";

/** A position as the server reads it (`PositionView` of crates/tafel-server/src/http/api/positions.rs).
 * @typedef {{ code: string, settings: [string, string][], status: import("../ui.js").StatusView, seats: string[], legal: string[], picture: string }} Position */

/** What the engine makes of a position (`PositionAnalysisView`): the side to move's chances
 * with the best move, the best line (each ply's move, the side that plays it and the code of
 * the position it is played in) and what found them, in the page's language.
 * @typedef {{ code: string, status: import("../ui.js").StatusView, chance: import("../game/review-panel.js").Chance, line: { move: string, side: string, before: string }[], effort: string }} EngineView */

/** A position of a game: its name, its settings (those that differ from the defaults will
 * do) and its code.
 * @typedef {{ game: string, settings: Record<string, string>, code: string }} PositionRef */

/** Reads the position `code` of `game` under `settings`: resolves to the server's reading, or
 * rejects with the reason it is not a legal position.
 * @param {PositionRef} position
 * @returns {Promise<Position>} */
export const readPosition = ({ game, settings, code }) =>
  api("/api/positions", { method: "POST", body: JSON.stringify({ game, settings, code }) });

/** Asks the engine about `position` (the side to move's chances and the best line).
 * @param {PositionRef} position
 * @returns {Promise<EngineView>} */
export const analysePosition = ({ game, settings, code }) =>
  api("/api/positions/analysis", { method: "POST", body: JSON.stringify({ game, settings, code }) });

/** The position after `move` from `position` (the move checked as legal there), as the
 * server reads it (`moves` in POST /api/positions).
 * @param {PositionRef} position
 * @param {string} move
 * @returns {Promise<Position>} */
export const positionAfter = ({ game, settings, code }, move) =>
  api("/api/positions", { method: "POST", body: JSON.stringify({ game, settings, code, moves: [move] }) });

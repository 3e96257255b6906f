//! The answer as a short forced line in games without dice: the player's move, the opponent's
//! best reply and the player's next move, where that next move is again a puzzle of its own.

use tafel_core::game::GameExt;
use tafel_core::Status;

use super::judge::Judge;
use super::PuzzleGame;

/// The answer starting with `answer` in `state`: three moves where the player's second move
/// is again clearly best after the opponent's best reply (games without dice), else `answer`
/// alone.
pub(crate) fn answer_line<G: PuzzleGame>(
    judge: &mut Judge<G>,
    game: &G,
    state: &G::State,
    answer: G::Move,
) -> Vec<G::Move> {
    let mut line = vec![answer];
    if G::DICE {
        return line;
    }
    let Status::ToMove(player) = game.status(state) else {
        return line;
    };
    let team = game.team_of(player);
    let replied = game.after(state, answer);
    let Status::ToMove(opponent) = game.status(&replied) else {
        return line;
    };
    if game.team_of(opponent) == team {
        return line;
    }
    let Some(reply) = judge.best_move(game, &replied) else {
        return line;
    };
    let next = game.after(&replied, reply);
    if !matches!(game.status(&next), Status::ToMove(p) if game.team_of(p) == team) {
        return line;
    }
    if let Some((top, _)) = judge.verdict(game, &next).kept() {
        line.extend([reply, top.best]);
    }
    line
}

//! `tafel analyze GAME --record FILE`: every move of a recorded game on the one scale, written
//! back as an annotated record that still replays, with a summary per player.

use tafel_ai::review::{GameReview, MoveReview};
use tafel_ai::scale::Chance;
use tafel_core::record::MoveNote;

/// The tag that says how the annotated record's comments read.
pub const ANNOTATOR: &str = "Annotator";

/// A chance as a record's comment says it: the winning chance with a draw counting half.
fn short(chance: &Chance) -> String {
    let p = chance.score() * 100.0;
    if chance.is_exact() && p > 0.05 && p < 99.95 && (p - p.round()).abs() > 0.05 {
        format!("{p:.1}%")
    } else {
        format!("{p:.0}%")
    }
}

/// The note on one reviewed move: its mark, and `before -> after, best MOVE` (the mover's
/// winning chance before and after it, a draw counting half), with `exact` where both are.
pub fn note(review: &MoveReview) -> MoveNote {
    let mut comment = short(&review.before);
    if review.played != review.best && review.loss >= 0.005 {
        comment += &format!(" -> {}, best {}", short(&review.after), review.best);
    }
    if review.before.is_exact() && review.after.is_exact() {
        comment += " exact";
    }
    MoveNote {
        mark: review.mark.map(|m| m.symbol().to_string()),
        comment: Some(comment),
    }
}

/// The notes for a game of `moves` moves (chance outcomes included) from its review.
pub fn notes(review: &GameReview, moves: usize) -> Vec<MoveNote> {
    let mut notes = vec![MoveNote::default(); moves];
    for m in &review.moves {
        notes[m.index] = note(m);
    }
    notes
}

/// The tags the annotated record adds: who annotated it and how to read the comments.
pub fn tags(review: &GameReview) -> Vec<(String, String)> {
    vec![(
        ANNOTATOR.to_string(),
        format!(
            "tafel analyze: comments give the mover's winning chance (a draw counting half) \
             before the move and, when it lost some, after it with the best move; exact where \
             solved, else estimated by {}. Marks: ?? loses {:.0} points or more, ? {:.0}, ! the \
             only good move",
            review.search,
            review.thresholds.blunder * 100.0,
            review.thresholds.mistake * 100.0
        ),
    )]
}

/// The summary per player.
pub fn summary(review: &GameReview) -> String {
    let mut out = String::new();
    for s in &review.seats {
        out += &format!(
            "{}: {} moves with a choice, average loss {:.1} points of winning chance, {} {}, {} {}, {} only {}\n",
            s.name,
            s.moves,
            s.average_loss * 100.0,
            s.mistakes,
            if s.mistakes == 1 { "mistake" } else { "mistakes" },
            s.blunders,
            if s.blunders == 1 { "blunder" } else { "blunders" },
            s.only_moves,
            if s.only_moves == 1 { "move found" } else { "moves found" },
        );
    }
    out
}

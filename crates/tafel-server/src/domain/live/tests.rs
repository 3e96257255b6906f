//! The live game on its own: replaying, working changes out, applying them, dice, undo and
//! seats, without a server.

use super::*;
use crate::domain::dice::Dice;
use crate::domain::seat::StoredSeat;
use crate::domain::ErrorKind;

/// A new game of `game` with two people at one screen.
fn stored(game: &str, moves: Vec<String>) -> StoredGame {
    let seat = || StoredSeat::person(SeatKind::Local, None);
    StoredGame::new("g", game, vec![], None, vec![seat(), seat()], moves)
}

fn first_legal(live: &LiveGame) -> String {
    live.current().legal_moves()[0].clone()
}

#[test]
fn a_stored_game_replays_to_the_position_its_moves_reach() {
    let mut live = LiveGame::from_stored(&stored("kauri", vec![])).unwrap();
    let mut played = Vec::new();
    for _ in 0..3 {
        let mv = first_legal(&live);
        let seat = live.seat_to_move().unwrap();
        live.apply(live.move_change(seat, &mv, 0).unwrap());
        played.push(mv);
    }
    let again = LiveGame::from_stored(&stored("kauri", played.clone())).unwrap();
    assert_eq!(again.moves, live.moves);
    assert_eq!(again.current().code(), live.current().code());
    let bad = stored("kauri", vec!["no such move".into()]);
    let error = LiveGame::from_stored(&bad).err().unwrap();
    assert_eq!(error.kind, ErrorKind::Invalid);
    assert!(
        error.to_string().starts_with("move 1:"),
        "{}",
        error.message
    );
}

#[test]
fn a_change_is_worked_out_without_touching_the_game_until_it_is_applied() {
    let mut live = LiveGame::from_stored(&stored("kauri", vec![])).unwrap();
    let version = live.version().get();
    let mv = first_legal(&live);
    let change = live.move_change(0, &mv, 0).unwrap();
    let snapshot = live.snapshot_after(&change).unwrap();
    assert!(live.moves.is_empty());
    assert_eq!(live.version().get(), version);
    assert_eq!(snapshot.summary.record_moves, Some(1));
    live.apply(change);
    assert_eq!(live.moves, [mv]);
    assert!(live.version().changed_since(version));
    let refused = live.move_change(1, "no such move", 0).err().unwrap();
    assert_eq!(refused.kind, ErrorKind::Illegal);
}

#[test]
fn the_dice_after_a_move_are_the_games_own() {
    // Karl's Race rolls before the first move: the opening change holds the roll.
    let game = stored("karls-race", vec![]);
    let (a, b) = (
        LiveGame::from_stored(&game).unwrap(),
        LiveGame::from_stored(&game).unwrap(),
    );
    let rolled = |live: &LiveGame| match live.opening_change(0).unwrap().moves {
        Moves::Extend(dice) => dice.moves().to_vec(),
        _ => panic!("no roll"),
    };
    assert_eq!(rolled(&a).len(), 1);
    assert_eq!(rolled(&a), rolled(&b), "the same seed rolls the same");
    let mut live = a;
    live.apply(live.opening_change(0).unwrap());
    let seat = live.seat_to_move().unwrap();
    let mv = first_legal(&live);
    match live.move_change(seat, &mv, 0).unwrap().moves {
        Moves::Extend(after) => {
            assert_eq!(after.moves()[0], mv);
            assert_eq!(after.moves().len(), 2, "the move and the next roll");
        }
        _ => panic!("a move extends the game"),
    }
}

#[test]
fn undo_takes_back_from_the_last_move_of_the_seats_at_one_screen() {
    let mut live = LiveGame::from_stored(&stored("kauri", vec![])).unwrap();
    assert_eq!(
        live.undo_point(0).err().unwrap().kind,
        ErrorKind::Conflict,
        "nothing to take back"
    );
    for _ in 0..2 {
        let (seat, mv) = (live.seat_to_move().unwrap(), first_legal(&live));
        live.apply(live.move_change(seat, &mv, 0).unwrap());
    }
    // Both seats are at one screen: either takes back the last move.
    assert_eq!(live.undo_point(0).unwrap(), 1);
    let version = live.version().get();
    live.apply(live.takeback_change(1, 0));
    assert_eq!(live.moves.len(), 1);
    assert!(live.version().changed_since(version));
}

#[test]
fn a_token_acts_only_for_its_own_seat() {
    let mut game = stored("kauri", vec![]);
    game.table.seats[1] = StoredSeat::computer(1);
    let live = LiveGame::from_stored(&game).unwrap();
    let token = live.table.seats[0].token.clone();
    assert_eq!(live.seat_of(&token), Some(0));
    let computer = live.table.seats[1].token.clone();
    assert_eq!(
        live.seat_of(&computer),
        None,
        "the computer's seat is no person's"
    );
    let refused = live.seat_for(&SeatToken::random()).err().unwrap();
    assert_eq!(refused.kind, ErrorKind::Forbidden);
    assert!(live.computer_to_move() || live.seat_to_move() == Some(0));
}

/// The rolls of Karl's Race over the next `plies` chance outcomes after the first player's
/// move `first`, the players then always playing their first legal move.
fn rolls_after(dice: &Dice, first: usize, plies: usize) -> Vec<String> {
    let mut game = stored("karls-race", vec![]);
    game.dice = dice.clone();
    let mut live = LiveGame::from_stored(&game).unwrap();
    live.apply(live.opening_change(0).unwrap());
    let mut rolls = Vec::new();
    let mut choice = first;
    while rolls.len() < plies && !live.is_over() {
        let seat = live.seat_to_move().unwrap();
        let legal = live.current().legal_moves();
        let mv = legal[choice.min(legal.len() - 1)].clone();
        choice = 0;
        let before = live.moves.len() + 1;
        live.apply(live.move_change(seat, &mv, 0).unwrap());
        rolls.extend(live.moves[before..].iter().cloned());
    }
    rolls.truncate(plies);
    rolls
}

#[test]
fn after_an_undo_the_same_move_brings_the_same_rolls_and_another_move_others() {
    let trials = 200;
    let mut differing = 0;
    for trial in 0..trials {
        let dice = Dice::from_hex(&format!("{trial:032x}")).unwrap();
        let first = rolls_after(&dice, 0, 3);
        assert_eq!(first.len(), 3);
        assert_eq!(
            rolls_after(&dice, 0, 3),
            first,
            "the same move, the same rolls"
        );
        if rolls_after(&dice, 1, 3) != first {
            differing += 1;
        }
    }
    // Three rolls of a die agree by chance once in 216 trials: nearly every trial differs.
    assert!(differing >= trials - 5, "{differing} of {trials} differ");
}

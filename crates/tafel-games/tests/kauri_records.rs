//! The reference games of the Kauri spec, replayed from fixture files through the same path
//! as `tafel replay kauri FILE`: `parse_record` then `replay`.

use tafel_core::record::{parse_record, replay, ReplayError};
use tafel_core::Game;
use tafel_games::kauri::{Kauri, KauriSettings, State};

fn replay_file(name: &str) -> Result<State, ReplayError> {
    let path = format!("{}/tests/data/kauri/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap();
    let raw = parse_record(&text).unwrap();
    assert_eq!(raw.game, None, "{name} is a bare movetext");
    let game = Kauri::new(KauriSettings::default()).unwrap();
    replay(&game, &raw).map(|r| r.end)
}

fn stores(state: &State) -> (u8, u8) {
    use tafel_core::Player;
    (state.store(Player(0)), state.store(Player(1)))
}

#[test]
fn corrected_game_one_replays_to_8_31() {
    let end = replay_file("sandler-gering-2008-04-21-corrected.txt").unwrap();
    assert_eq!(stores(&end), (8, 31));
}

#[test]
fn printed_game_one_disagrees_at_move_5() {
    let e = replay_file("sandler-gering-2008-04-21-printed.txt").unwrap_err();
    assert_eq!(e.move_number, Some(5), "{e}");
    println!("{e}");
}

#[test]
fn game_two_replays_to_33_22() {
    let end = replay_file("sandler-gering-2008-04-29.txt").unwrap();
    assert_eq!(stores(&end), (33, 22));
}

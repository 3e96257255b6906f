//! The type-erased view ([`tafel_core::DynGame`], [`tafel_core::DynPosition`]) and the
//! registry on the test games of `tafel-testkit`: moves as text with the errors a player
//! sees, the same counts and records as the typed game, chance drawn by its probabilities,
//! and the conformance checks passing for a sound game and failing for a broken one.

use proptest::prelude::*;
use rand::SeedableRng;
use tafel_core::conformance::{check_random_game, Violation};
use tafel_core::erased::erase;
use tafel_core::record::parse_record;
use tafel_core::settings::SettingsError;
use tafel_core::{Game, GameInfo, MoveError, ParseError, Registry, Status};
use tafel_testkit::games::{DiceRace, NimState, NoSettings, TeamNim};

fn registry() -> Registry {
    Registry::new().with::<DiceRace>().with::<TeamNim>()
}

#[test]
fn moves_are_played_as_text_with_clear_errors() {
    let game = erase(DiceRace);
    let mut position = game.start();
    assert_eq!(position.status(), Status::Chance);
    assert_eq!(position.legal_moves(), ["1", "2", "3"]);
    assert_eq!(position.play(" 2 ").unwrap(), "2");
    assert_eq!(position.legal_moves(), ["10", "11"]);
    assert_eq!(
        position.play("12"),
        Err(MoveError::Illegal {
            text: "12".into(),
            legal: vec!["10".into(), "11".into()],
        })
    );
    assert!(matches!(position.play("ten"), Err(MoveError::Malformed(_))));
    assert_eq!(position.play("10").unwrap(), "10");
    assert_eq!(position.code(), "2,0 1 B -");
    assert_eq!(position.describe_status(), "*");
    let over = game.parse_position("6,0 3 B -").unwrap();
    assert_eq!(over.describe_status(), "A wins (reached the goal)");
    assert_eq!(over.clone().play("1"), Err(MoveError::GameOver));
    assert!(over.legal_moves().is_empty());
    assert_eq!(
        game.parse_position("0,0 0 C -")
            .err()
            .map(|e| e.reason.to_string()),
        Some("the seat is A or B".to_string())
    );
}

#[test]
fn the_erased_game_is_found_by_its_type() {
    let race = erase(DiceRace);
    assert!(race.is::<DiceRace>());
    assert!(!race.is::<TeamNim>());
    assert!(race.downcast::<DiceRace>().is_some());
    assert!(race.downcast::<TeamNim>().is_none());
    let registry = registry();
    let entry = registry.get("team-nim").unwrap();
    assert!(entry.is::<TeamNim>() && !entry.is::<DiceRace>());
    assert!(entry.build(&[]).unwrap().is::<TeamNim>());
    assert_eq!(
        registry.get("chess").unwrap_err().to_string(),
        "unknown game `chess` (known: dice-race, team-nim)"
    );
    let unknown = entry.build(&[("size".into(), "3".into())]).err().unwrap();
    assert!(matches!(
        unknown,
        SettingsError::UnknownKey {
            game: "team-nim",
            ..
        }
    ));
}

#[test]
fn chance_is_drawn_by_its_probabilities() {
    let game = erase(DiceRace);
    let mut rng = rand::rngs::SmallRng::seed_from_u64(7);
    let mut ones = 0;
    let draws = 20_000;
    for _ in 0..draws {
        let mut position = game.start();
        if position.play_random(&mut rng).as_deref() == Some("1") {
            ones += 1;
        }
    }
    // The die shows 1 with probability 1/2; 20,000 draws land within 2% of it (over 5
    // standard deviations), and the seed makes the count the same every run.
    let share = ones as f64 / draws as f64;
    assert!((share - 0.5).abs() < 0.02, "{share}");
    let mut over = game.parse_position("6,0 3 B -").unwrap();
    assert_eq!(over.play_random(&mut rng), None);
}

#[test]
fn records_of_another_game_are_refused() {
    let race = erase(DiceRace);
    let nim = erase(TeamNim);
    let err = race
        .write_record(nim.start().as_ref(), &[], false)
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "the start position belongs to another game"
    );
    let err = race
        .write_record(race.start().as_ref(), &["2".into(), "12".into()], false)
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "move 2: illegal move `12`; legal here: 10 11"
    );
}

/// Team Nim broken one way: with `FORGETFUL`, a hash that forgets whose turn it is, unlike its
/// hash from scratch; without, no reason listed for its outcomes (`Game::REASONS`).
#[derive(Clone, Copy, Debug)]
struct BrokenNim<const FORGETFUL: bool>;

impl<const FORGETFUL: bool> Game for BrokenNim<FORGETFUL> {
    type State = NimState;
    type Move = u8;
    type Settings = NoSettings;
    const INFO: GameInfo = GameInfo {
        name: if FORGETFUL {
            "forgetful-nim"
        } else {
            "reasonless-nim"
        },
        title: "Broken Nim",
        summary: "Team Nim with a broken hash or no reasons listed.",
    };
    const REASONS: &'static [&'static str] = if FORGETFUL { TeamNim::REASONS } else { &[] };
    fn new(_: NoSettings) -> Result<Self, SettingsError> {
        Ok(BrokenNim)
    }
    fn settings(&self) -> &NoSettings {
        &NoSettings
    }
    fn num_players(&self) -> usize {
        4
    }
    fn player_name(&self, player: tafel_core::Player) -> &'static str {
        TeamNim.player_name(player)
    }
    fn start(&self) -> NimState {
        TeamNim.start()
    }
    fn status(&self, state: &NimState) -> Status {
        TeamNim.status(state)
    }
    fn legal_moves(&self, state: &NimState, out: &mut Vec<u8>) {
        TeamNim.legal_moves(state, out)
    }
    fn apply(&self, state: &mut NimState, mv: u8) {
        TeamNim.apply(state, mv)
    }
    fn hash(&self, state: &NimState) -> u64 {
        if FORGETFUL {
            (state.stones as u64) << 8
        } else {
            TeamNim.hash(state)
        }
    }
    fn hash_from_scratch(&self, state: &NimState) -> u64 {
        TeamNim.hash(state)
    }
    fn parse_move(&self, state: &NimState, text: &str) -> Result<u8, ParseError> {
        TeamNim.parse_move(state, text)
    }
    fn format_move(&self, state: &NimState, mv: u8) -> String {
        TeamNim.format_move(state, mv)
    }
    fn parse_position(&self, code: &str) -> Result<NimState, ParseError> {
        TeamNim.parse_position(code)
    }
    fn format_position(&self, state: &NimState) -> String {
        TeamNim.format_position(state)
    }
    fn picture(&self, state: &NimState) -> String {
        TeamNim.picture(state)
    }
    fn max_plies(&self) -> Option<u64> {
        TeamNim.max_plies()
    }
}

#[test]
fn the_conformance_checks_pass_sound_games_and_name_what_a_broken_one_breaks() {
    for seed in 0..50 {
        for name in ["dice-race", "team-nim"] {
            let game = registry().get(name).unwrap().build(&[]).unwrap();
            if let Err(e) = game.self_check(seed) {
                panic!("{e}");
            }
        }
    }
    // Right at the start (North to move, seat 0) the broken hash still agrees.
    let err = check_random_game(&BrokenNim::<true>, 3).unwrap_err();
    assert_eq!(
        (err.game, err.seed, err.moves),
        ("forgetful-nim", Some(3), Some(1))
    );
    assert!(matches!(err.violation, Violation::IncrementalHash { .. }));
    assert!(
        err.to_string()
            .starts_with("forgetful-nim after 1 moves (seed 3): incremental hash"),
        "{err}"
    );
    // A game that ends with a reason its REASONS do not list (Team Nim's last stone).
    let err = check_random_game(&BrokenNim::<false>, 3).unwrap_err();
    assert_eq!(
        err.violation,
        Violation::UnlistedReason("took the last stone")
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn the_erased_view_counts_and_records_as_the_typed_game(seed in any::<u64>(), plies in 0usize..30) {
        let game = erase(DiceRace);
        let mut rng = rand::rngs::SmallRng::seed_from_u64(seed);
        let start = game.start();
        let mut position = start.clone();
        let mut played = Vec::new();
        for _ in 0..plies {
            match position.play_random(&mut rng) {
                Some(text) => played.push(text),
                None => break,
            }
        }
        // The same position as the typed game reaches by the same moves.
        let mut state = DiceRace.start();
        for text in &played {
            let mv = DiceRace.parse_move(&state, text).unwrap();
            DiceRace.apply(&mut state, mv);
        }
        prop_assert_eq!(position.code(), DiceRace.format_position(&state));
        prop_assert_eq!(position.hash(), DiceRace.hash(&state));
        for depth in 0..4 {
            prop_assert_eq!(position.perft(depth), tafel_core::perft::perft(&DiceRace, &state, depth));
        }
        // Its record replays, through the erased game, to the same moves.
        for json in [false, true] {
            let text = game.write_record(start.as_ref(), &played, json).unwrap();
            let raw = parse_record(&text).unwrap();
            let (replayed_start, moves) = game.replay(&raw).unwrap();
            prop_assert_eq!(replayed_start.code(), start.code());
            prop_assert_eq!(&moves, &played);
        }
    }
}

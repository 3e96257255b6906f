//! Test helpers: a tiny dice race whose values can be computed exactly, and brute-force
//! solvers to check the searchers against.

#![allow(dead_code)] // each test file uses a different part

use rand::Rng;
use tafel_core::game::GameExt;
use tafel_core::game::GameInfo;
use tafel_core::settings::{GameSettings, SettingSpec, SettingsError, ValueError};
use tafel_core::{Game, Outcome, ParseError, Player, Status};

/// Settings of the dice race (it has none).
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
pub struct NoSettings;

impl GameSettings for NoSettings {
    const SPECS: &'static [SettingSpec] = &[];
    fn set(&mut self, key: &str, _value: &str) -> Result<(), ValueError> {
        Err(ValueError::NotAllowed(format!("no setting {key}")))
    }
    fn get(&self, _key: &str) -> String {
        String::new()
    }
}

/// Two runners race to square [`GOAL`]. A turn is a roll of an unfair three-sided die (1, 2, 3
/// with probabilities 1/2, 3/10, 1/5), then a choice: advance your runner by the roll, or push
/// the other runner back by it. After [`TURNS`] turns the runner further ahead wins (level:
/// draw). Small enough to solve by brute force; the choice depends on the die.
#[derive(Clone, Copy, Debug)]
pub struct DiceRace;

/// The winning square.
pub const GOAL: u8 = 6;
/// Turns before the race is decided on position.
pub const TURNS: u8 = 8;
/// The decision "advance my runner".
pub const ADVANCE: u8 = 10;
/// The decision "push the other runner back".
pub const PUSH: u8 = 11;
const PROBABILITIES: [f64; 3] = [0.5, 0.3, 0.2];

/// A dice race position.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct RaceState {
    /// Each runner's square.
    pub pos: [u8; 2],
    /// Turns played.
    pub turn: u8,
    /// The runner whose turn it is.
    pub to_move: u8,
    /// The roll, once the die has been cast this turn.
    pub roll: Option<u8>,
}

impl Game for DiceRace {
    type State = RaceState;
    type Move = u8;
    type Settings = NoSettings;
    const INFO: GameInfo = GameInfo {
        name: "dice-race",
        title: "Dice race",
        summary: "A test game with an unfair die.",
    };
    fn new(_: NoSettings) -> Result<Self, SettingsError> {
        Ok(DiceRace)
    }
    fn settings(&self) -> &NoSettings {
        &NoSettings
    }
    fn num_players(&self) -> usize {
        2
    }
    fn player_name(&self, player: Player) -> &'static str {
        ["A", "B"][player.index()]
    }
    fn start(&self) -> RaceState {
        RaceState {
            pos: [0, 0],
            turn: 0,
            to_move: 0,
            roll: None,
        }
    }
    fn status(&self, s: &RaceState) -> Status {
        if let Some(p) = (0..2).find(|&p| s.pos[p] >= GOAL) {
            return Status::Over(Outcome::win(Player(p as u8), "reached the goal"));
        }
        if s.turn >= TURNS {
            return Status::Over(match s.pos[0].cmp(&s.pos[1]) {
                std::cmp::Ordering::Greater => Outcome::win(Player(0), "ahead"),
                std::cmp::Ordering::Less => Outcome::win(Player(1), "ahead"),
                std::cmp::Ordering::Equal => Outcome::draw("level"),
            });
        }
        match s.roll {
            None => Status::Chance,
            Some(_) => Status::ToMove(Player(s.to_move)),
        }
    }
    fn legal_moves(&self, s: &RaceState, out: &mut Vec<u8>) {
        out.clear();
        match self.status(s) {
            Status::Over(_) => {}
            Status::Chance => out.extend_from_slice(&[1, 2, 3]),
            Status::ToMove(_) => out.extend_from_slice(&[ADVANCE, PUSH]),
        }
    }
    fn chance_probability(&self, _s: &RaceState, outcomes: &[u8], index: usize) -> f64 {
        PROBABILITIES[outcomes[index] as usize - 1]
    }
    fn apply(&self, s: &mut RaceState, mv: u8) {
        match s.roll {
            None => s.roll = Some(mv),
            Some(r) => {
                let (me, other) = (s.to_move as usize, 1 - s.to_move as usize);
                if mv == ADVANCE {
                    s.pos[me] = (s.pos[me] + r).min(GOAL);
                } else {
                    s.pos[other] = s.pos[other].saturating_sub(r);
                }
                s.roll = None;
                s.turn += 1;
                s.to_move ^= 1;
            }
        }
    }
    fn hash(&self, s: &RaceState) -> u64 {
        let roll = s.roll.map_or(0, |r| r as u64 + 1);
        (s.pos[0] as u64)
            | (s.pos[1] as u64) << 8
            | (s.turn as u64) << 16
            | (s.to_move as u64) << 24
            | roll << 32
    }
    fn hash_from_scratch(&self, s: &RaceState) -> u64 {
        self.hash(s)
    }
    fn parse_move(&self, _s: &RaceState, text: &str) -> Result<u8, ParseError> {
        text.parse()
            .map_err(|_| ParseError::new("move", text, "not a number"))
    }
    fn format_move(&self, _s: &RaceState, mv: u8) -> String {
        mv.to_string()
    }
    fn parse_position(&self, code: &str) -> Result<RaceState, ParseError> {
        Err(ParseError::new("position code", code, "not supported"))
    }
    fn format_position(&self, s: &RaceState) -> String {
        format!("{s:?}")
    }
    fn picture(&self, s: &RaceState) -> String {
        format!("{s:?}")
    }
    fn max_plies(&self) -> Option<u64> {
        Some(TURNS as u64)
    }
}

/// The exact expected payoff of `state` for `player` with best play on both sides, by
/// expectiminimax over the whole tree (no pruning), each position valued once: for games whose
/// hash is a complete key (the test games here).
pub fn exact_value<G: Game>(game: &G, state: &G::State, player: Player) -> f64 {
    exact_value_memo(game, state, player, &mut std::collections::HashMap::new())
}

/// Whether the player to move in `state` (deterministic, two players) can force a win within
/// `plies` plies, by plain minimax.
pub fn wins_within<G: Game>(game: &G, state: &G::State, plies: u32) -> bool {
    let Status::ToMove(me) = game.status(state) else {
        return false;
    };
    game.legal_move_vec(state)
        .into_iter()
        .any(|mv| forced_win_after(game, &game.after(state, mv), me, plies - 1))
}

/// Whether `me` has won in `state`, or will whatever the opponent does within `plies` plies.
fn forced_win_after<G: Game>(game: &G, state: &G::State, me: Player, plies: u32) -> bool {
    match game.status(state) {
        Status::Over(outcome) => outcome.payoff(me) == 1.0,
        _ if plies == 0 => false,
        Status::ToMove(p) if p == me => wins_within(game, state, plies),
        Status::ToMove(_) => game
            .legal_move_vec(state)
            .into_iter()
            .all(|mv| forced_win_after(game, &game.after(state, mv), me, plies - 1)),
        Status::Chance => false,
    }
}

/// The moves of `state` after which the mover forces a win within `plies` plies in all.
pub fn winning_moves<G: Game>(game: &G, state: &G::State, plies: u32) -> Vec<G::Move> {
    let Status::ToMove(me) = game.status(state) else {
        return Vec::new();
    };
    game.legal_move_vec(state)
        .into_iter()
        .filter(|&mv| forced_win_after(game, &game.after(state, mv), me, plies - 1))
        .collect()
}

/// Four seats in two teams ({1st, 3rd} against {2nd, 4th}) take turns removing one or two
/// stones from a pile; whoever takes the last stone wins for their team. The teams alternate,
/// so a pile that is a multiple of three is lost for the team to move.
#[derive(Clone, Copy, Debug)]
pub struct TeamNim;

/// A team Nim position: stones left and the seat to move.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct NimState {
    /// Stones left.
    pub stones: u8,
    /// The seat to move.
    pub to_move: u8,
}

impl Game for TeamNim {
    type State = NimState;
    type Move = u8;
    type Settings = NoSettings;
    const INFO: GameInfo = GameInfo {
        name: "team-nim",
        title: "Team Nim",
        summary: "A test game for four seats in two teams.",
    };
    fn new(_: NoSettings) -> Result<Self, SettingsError> {
        Ok(TeamNim)
    }
    fn settings(&self) -> &NoSettings {
        &NoSettings
    }
    fn num_players(&self) -> usize {
        4
    }
    fn team_of(&self, player: Player) -> u8 {
        player.0 % 2
    }
    fn player_name(&self, player: Player) -> &'static str {
        ["N", "E", "S", "W"][player.index()]
    }
    fn start(&self) -> NimState {
        NimState {
            stones: 10,
            to_move: 0,
        }
    }
    fn status(&self, s: &NimState) -> Status {
        if s.stones == 0 {
            // The previous seat took the last stone: its team wins.
            let last = Player((s.to_move + 3) % 4);
            let partner = Player((last.0 + 2) % 4);
            let winners = tafel_core::PlayerSet::single(last).with(partner);
            return Status::Over(Outcome {
                winners,
                scores: None,
                reason: "took the last stone",
            });
        }
        Status::ToMove(Player(s.to_move))
    }
    fn legal_moves(&self, s: &NimState, out: &mut Vec<u8>) {
        out.clear();
        out.extend((1..=2).filter(|&n| n <= s.stones));
    }
    fn apply(&self, s: &mut NimState, mv: u8) {
        s.stones -= mv;
        s.to_move = (s.to_move + 1) % 4;
    }
    fn hash(&self, s: &NimState) -> u64 {
        (s.stones as u64) << 8 | s.to_move as u64
    }
    fn hash_from_scratch(&self, s: &NimState) -> u64 {
        self.hash(s)
    }
    fn parse_move(&self, _s: &NimState, text: &str) -> Result<u8, ParseError> {
        text.parse()
            .map_err(|_| ParseError::new("move", text, "not a number"))
    }
    fn format_move(&self, _s: &NimState, mv: u8) -> String {
        mv.to_string()
    }
    fn parse_position(&self, code: &str) -> Result<NimState, ParseError> {
        Err(ParseError::new("position code", code, "not supported"))
    }
    fn format_position(&self, s: &NimState) -> String {
        format!("{s:?}")
    }
    fn picture(&self, s: &NimState) -> String {
        format!("{s:?}")
    }
    fn max_plies(&self) -> Option<u64> {
        Some(255)
    }
}

/// The agent of level `level` of `game`, seeded.
pub fn level_agent<G: tafel_ai::GameAi>(
    game: &G,
    level: u32,
    seed: u64,
) -> Box<dyn tafel_ai::Agent<G>> {
    let algorithm = tafel_ai::levels::level::<G>(level).unwrap();
    tafel_ai::erased::typed_agent(game, algorithm, &tafel_ai::AgentOptions::seeded(seed))
}

/// The agent of `tafel hint` without a level: the game's analysis search.
pub fn analysis_agent<G: tafel_ai::GameAi>(game: &G) -> Box<dyn tafel_ai::Agent<G>> {
    tafel_ai::erased::typed_agent(game, G::ANALYSIS, &tafel_ai::AgentOptions::seeded(1))
}

/// Checks that `code` is a position where `winning` is the only move that forces a win within
/// `plies` plies and none wins at once when `plies` is more than one, then that the given
/// levels and the analysis search play it, the analysis with the length of the fastest win.
pub fn assert_levels_find_the_win<G: tafel_ai::GameAi>(
    game: &G,
    code: &str,
    winning: &str,
    plies: u32,
    levels: &[u32],
) {
    let state = game.parse_position(code).unwrap();
    let mv = game.parse_legal_move(&state, winning).unwrap();
    assert_eq!(winning_moves(game, &state, plies), vec![mv], "{code}");
    if plies > 1 {
        assert!(
            winning_moves(game, &state, 1).is_empty(),
            "{code} has a win in one"
        );
    }
    // In games where a move can end the game for either side, the opponent may be forced to
    // end it for us: the fastest win may come before our second move.
    let fastest = (1..=plies)
        .find(|&p| !winning_moves(game, &state, p).is_empty())
        .unwrap();
    for &level in levels {
        let decision = level_agent(game, level, 7).choose(game, &state).unwrap();
        assert_eq!(decision.mv, mv, "level {level} in {code}: {decision:?}");
    }
    let decision = analysis_agent(game).choose(game, &state).unwrap();
    assert_eq!(decision.mv, mv, "analysis in {code}: {decision:?}");
    assert_eq!(
        decision.evaluation,
        tafel_ai::Evaluation::WinIn(fastest),
        "analysis in {code}"
    );
}

/// [`exact_value`] with a table of the positions already valued, keyed by [`Game::hash`], kept
/// by the caller across calls: for games whose hash is collision-free on the positions reached
/// (two-player Karl's Race packs the whole position into it).
pub fn exact_value_memo<G: Game>(
    game: &G,
    state: &G::State,
    player: Player,
    memo: &mut std::collections::HashMap<u64, f64>,
) -> f64 {
    let key = game.hash(state);
    if let Some(&v) = memo.get(&key) {
        return v;
    }
    let moves = game.legal_move_vec(state);
    let value = match game.status(state) {
        Status::Over(outcome) => outcome.payoff(player),
        Status::Chance => moves
            .iter()
            .enumerate()
            .map(|(i, &mv)| {
                game.chance_probability(state, &moves, i)
                    * exact_value_memo(game, &game.after(state, mv), player, memo)
            })
            .sum(),
        Status::ToMove(mover) => {
            let values = moves
                .iter()
                .map(|&mv| exact_value_memo(game, &game.after(state, mv), player, memo));
            if game.team_of(mover) == game.team_of(player) {
                values.fold(f64::NEG_INFINITY, f64::max)
            } else {
                values.fold(f64::INFINITY, f64::min)
            }
        }
    };
    memo.insert(key, value);
    value
}

/// A position reached by `plies` uniformly random moves and chance outcomes from the start
/// (fewer if the game ends first).
pub fn random_position<G: Game>(game: &G, rng: &mut impl Rng, plies: usize) -> G::State {
    let mut state = game.start();
    for _ in 0..plies {
        let moves = game.legal_move_vec(&state);
        if moves.is_empty() {
            break;
        }
        game.apply(&mut state, moves[rng.random_range(0..moves.len())]);
    }
    state
}

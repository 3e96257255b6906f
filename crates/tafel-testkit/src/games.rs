//! Small games for testing the generic code: a dice race whose values can be computed
//! exactly, and four-seat Nim in two teams. Both have real position codes, so they pass the
//! conformance checks ([`tafel_core::conformance`]) like the real games.

use tafel_core::game::GameInfo;
use tafel_core::settings::{GameSettings, SettingSpec, SettingsError, ValueError};
use tafel_core::{reason, Game, Outcome, ParseError, Player, PlayerSet, Status};

/// Settings of a game that has none.
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
pub struct NoSettings;

impl GameSettings for NoSettings {
    const SPECS: &'static [SettingSpec] = &[];
    fn set(&mut self, key: &str, _value: &str) -> Result<(), ValueError> {
        Err(ValueError::NotAllowed(reason!(
            "test-no-setting",
            "no setting {key}",
            key
        )))
    }
    fn get(&self, _key: &str) -> String {
        String::new()
    }
}

/// Two runners race to square [`GOAL`]. A turn is a roll of an unfair three-sided die (1, 2, 3
/// with probabilities 1/2, 3/10, 1/5), then a choice: advance your runner by the roll, or push
/// the other runner back by it. After [`TURNS`] turns the runner further ahead wins (level:
/// draw). Small enough to solve by brute force; the choice depends on the die.
///
/// Position code: `A,B TURN SEAT ROLL`, the runners' squares, the turns played, the seat to
/// move (`A` or `B`) and the roll (`1` to `3`, or `-` before the die is cast): the start is
/// `0,0 0 A -`. Moves are `10` ([`ADVANCE`]) and `11` ([`PUSH`]); chance outcomes `1` to `3`.
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
/// The die's faces 1, 2, 3 come up with these probabilities.
pub const PROBABILITIES: [f64; 3] = [0.5, 0.3, 0.2];

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

/// A whole number from `text` that is at most `max`, for the test games' codes.
fn number(what: &'static str, code: &str, text: &str, max: u8) -> Result<u8, ParseError> {
    text.parse().ok().filter(|&n| n <= max).ok_or_else(|| {
        ParseError::new(
            what,
            code,
            reason!(
                "test-number",
                "`{text}` is not a number 0 to {max}",
                text,
                max
            ),
        )
    })
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

    const REASONS: &'static [&'static str] = &["reached the goal", "ahead", "level"];
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
            .map_err(|_| ParseError::new("move", text, reason!("test-move-number", "not a number")))
    }
    fn format_move(&self, _s: &RaceState, mv: u8) -> String {
        mv.to_string()
    }
    fn parse_position(&self, code: &str) -> Result<RaceState, ParseError> {
        let fields: Vec<&str> = code.split(' ').collect();
        let [runners, turn, seat, roll] = fields[..] else {
            return Err(ParseError::new(
                "position code",
                code,
                reason!("test-race-code", "expected four fields: A,B TURN SEAT ROLL"),
            ));
        };
        let (a, b) = runners.split_once(',').ok_or_else(|| {
            ParseError::new(
                "position code",
                code,
                reason!("test-race-runners", "the runners are A,B (two squares)"),
            )
        })?;
        let to_move = match seat {
            "A" => 0,
            "B" => 1,
            _ => {
                return Err(ParseError::new(
                    "position code",
                    code,
                    reason!("test-race-seat", "the seat is A or B"),
                ))
            }
        };
        let roll = match roll {
            "-" => None,
            r => Some(number("position code", code, r, 3).and_then(|r| {
                if r == 0 {
                    Err(ParseError::new(
                        "position code",
                        code,
                        reason!("test-race-roll", "a roll is 1 to 3"),
                    ))
                } else {
                    Ok(r)
                }
            })?),
        };
        Ok(RaceState {
            pos: [
                number("position code", code, a, GOAL)?,
                number("position code", code, b, GOAL)?,
            ],
            turn: number("position code", code, turn, TURNS)?,
            to_move,
            roll,
        })
    }
    fn format_position(&self, s: &RaceState) -> String {
        let roll = s.roll.map_or("-".to_string(), |r| r.to_string());
        let seat = ["A", "B"][s.to_move as usize];
        format!("{},{} {} {seat} {roll}", s.pos[0], s.pos[1], s.turn)
    }
    fn picture(&self, s: &RaceState) -> String {
        format!("A on {}, B on {}, turn {}", s.pos[0], s.pos[1], s.turn + 1)
    }
    fn max_plies(&self) -> Option<u64> {
        Some(TURNS as u64)
    }
}

/// Four seats in two teams ({1st, 3rd} against {2nd, 4th}) take turns removing one or two
/// stones from a pile; whoever takes the last stone wins for their team. The teams alternate,
/// so a pile that is a multiple of three is lost for the team to move.
///
/// Position code: `STONES SEAT`, the stones left and the seat to move (`N`, `E`, `S`, `W`);
/// the start is `10 N`. Moves are `1` and `2`, the stones taken.
#[derive(Clone, Copy, Debug)]
pub struct TeamNim;

/// The seats' names, in turn order.
const SEATS: [&str; 4] = ["N", "E", "S", "W"];

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

    const REASONS: &'static [&'static str] = &["took the last stone"];
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
        SEATS[player.index()]
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
            let winners = PlayerSet::single(last).with(partner);
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
            .map_err(|_| ParseError::new("move", text, reason!("test-move-number", "not a number")))
    }
    fn format_move(&self, _s: &NimState, mv: u8) -> String {
        mv.to_string()
    }
    fn parse_position(&self, code: &str) -> Result<NimState, ParseError> {
        let (stones, seat) = code.split_once(' ').ok_or_else(|| {
            ParseError::new(
                "position code",
                code,
                reason!("test-nim-code", "expected STONES SEAT"),
            )
        })?;
        let to_move = SEATS.iter().position(|&s| s == seat).ok_or_else(|| {
            ParseError::new(
                "position code",
                code,
                reason!("test-nim-seat", "the seat is N, E, S or W"),
            )
        })?;
        Ok(NimState {
            stones: number("position code", code, stones, 255)?,
            to_move: to_move as u8,
        })
    }
    fn format_position(&self, s: &NimState) -> String {
        format!("{} {}", s.stones, SEATS[s.to_move as usize])
    }
    fn picture(&self, s: &NimState) -> String {
        format!("{} stones, {} to move", s.stones, SEATS[s.to_move as usize])
    }
    fn max_plies(&self) -> Option<u64> {
        Some(255)
    }
}

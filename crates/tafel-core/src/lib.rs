//! The game abstraction shared by every Tafel game.
//!
//! A game is a [`Game`]: an immutable rules object (built from typed [`GameSettings`]) that
//! creates, inspects and advances its `State` values. Everything generic lives here so that the
//! six games, the search code, the command line and the server share one vocabulary:
//!
//! - [`player`] and [`outcome`]: seats, teams, who won, scores and why the game ended;
//! - [`settings`]: typed settings with defaults, allowed values and `key=value` text;
//! - [`notation`]: the error type for move notation, position codes and records;
//! - [`perft`] and [`playout`]: move-path counting and uniform random play, for any game;
//! - [`perft_suite`]: perft suites, named positions with their counts kept as data files;
//! - [`record`]: game records as text and JSON, and replaying them;
//! - [`zobrist`]: deterministic random keys for position hashing;
//! - [`erased`] and [`registry`]: the type-erased view through which the command line and the
//!   server handle any game by name;
//! - [`conformance`]: the checks every registered game must pass (used by property tests).
//!
//! # Example: a game in a few dozen lines
//!
//! Nim with one pile: players take one to three stones in turn, and whoever takes the last
//! stone wins. Its rules object knows the pile's size from its settings; positions are plain
//! values; moves are numbers. Registered, it gets everything generic at once: the erased view
//! the command line and the server use, perft, records, random playouts and the conformance
//! checks.
//!
//! ```
//! use tafel_core::settings::{GameSettings, Origin, SettingSpec, SettingValues, ValueError};
//! use tafel_core::{reason, Game, GameInfo, Outcome, ParseError, Player, Registry, SettingsError, Status};
//!
//! /// How many stones the pile starts with.
//! #[derive(Clone, Copy, PartialEq, Debug)]
//! struct NimSettings {
//!     stones: u8,
//! }
//!
//! impl Default for NimSettings {
//!     fn default() -> Self {
//!         NimSettings { stones: 10 }
//!     }
//! }
//!
//! impl GameSettings for NimSettings {
//!     const SPECS: &'static [SettingSpec] = &[SettingSpec {
//!         key: "stones",
//!         label: "Stones",
//!         default: "10",
//!         values: SettingValues::Text("a number of stones, 1 to 99"),
//!         help: "the pile at the start",
//!         origin: Origin::Rules,
//!         applies_when: None,
//!     }];
//!     fn set(&mut self, _key: &str, value: &str) -> Result<(), ValueError> {
//!         self.stones = value
//!             .parse()
//!             .ok()
//!             .filter(|n| (1..=99).contains(n))
//!             .ok_or(ValueError::Malformed { expected: reason!("nim-stones-form", "a number 1 to 99"), got: Some(value.into()) })?;
//!         Ok(())
//!     }
//!     fn get(&self, _key: &str) -> String {
//!         self.stones.to_string()
//!     }
//! }
//!
//! /// A position: the stones left and the seat to move.
//! #[derive(Clone, Copy, PartialEq, Debug)]
//! struct Pile {
//!     stones: u8,
//!     to_move: u8,
//! }
//!
//! struct Nim(NimSettings);
//!
//! impl Game for Nim {
//!     type State = Pile;
//!     type Move = u8;
//!     type Settings = NimSettings;
//!     const INFO: GameInfo = GameInfo {
//!         name: "nim",
//!         title: "Nim",
//!         summary: "Take one to three stones; whoever takes the last one wins.",
//!     };
//!     const REASONS: &'static [&'static str] = &["took the last stone"];
//!     fn new(settings: NimSettings) -> Result<Self, SettingsError> {
//!         Ok(Nim(settings))
//!     }
//!     fn settings(&self) -> &NimSettings {
//!         &self.0
//!     }
//!     fn num_players(&self) -> usize {
//!         2
//!     }
//!     fn player_name(&self, player: Player) -> &'static str {
//!         ["first player", "second player"][player.index()]
//!     }
//!     fn start(&self) -> Pile {
//!         Pile { stones: self.0.stones, to_move: 0 }
//!     }
//!     fn status(&self, pile: &Pile) -> Status {
//!         match pile.stones {
//!             // The player who took the last stone is the one not to move.
//!             0 => Status::Over(Outcome::win(Player(1 - pile.to_move), "took the last stone")),
//!             _ => Status::ToMove(Player(pile.to_move)),
//!         }
//!     }
//!     fn legal_moves(&self, pile: &Pile, out: &mut Vec<u8>) {
//!         out.clear();
//!         out.extend((1..=3).filter(|&take| take <= pile.stones));
//!     }
//!     fn apply(&self, pile: &mut Pile, take: u8) {
//!         pile.stones -= take;
//!         pile.to_move = 1 - pile.to_move;
//!     }
//!     fn hash(&self, pile: &Pile) -> u64 {
//!         u64::from(pile.stones) << 1 | u64::from(pile.to_move)
//!     }
//!     fn hash_from_scratch(&self, pile: &Pile) -> u64 {
//!         self.hash(pile)
//!     }
//!     fn parse_move(&self, _pile: &Pile, text: &str) -> Result<u8, ParseError> {
//!         text.parse().map_err(|_| ParseError::new("move", text, reason!("nim-take", "expected 1, 2 or 3")))
//!     }
//!     fn format_move(&self, _pile: &Pile, take: u8) -> String {
//!         take.to_string()
//!     }
//!     fn parse_position(&self, code: &str) -> Result<Pile, ParseError> {
//!         let (stones, seat) = code
//!             .split_once(':')
//!             .ok_or_else(|| ParseError::new("position code", code, reason!("nim-code", "expected STONES:SEAT")))?;
//!         let bad = |why| ParseError::new("position code", code, why);
//!         Ok(Pile {
//!             stones: stones.parse().map_err(|_| bad(reason!("nim-stones", "the stones are a number")))?,
//!             to_move: match seat {
//!                 "1" => 0,
//!                 "2" => 1,
//!                 _ => return Err(bad(reason!("nim-seat", "the seat is 1 or 2"))),
//!             },
//!         })
//!     }
//!     fn format_position(&self, pile: &Pile) -> String {
//!         format!("{}:{}", pile.stones, pile.to_move + 1)
//!     }
//!     fn picture(&self, pile: &Pile) -> String {
//!         "o".repeat(pile.stones.into())
//!     }
//!     fn max_plies(&self) -> Option<u64> {
//!         Some(self.0.stones.into())
//!     }
//! }
//!
//! // Register it, build it from `key=value` settings and count through the erased view.
//! let registry = Registry::new().with::<Nim>();
//! let nim = registry.get("nim").unwrap().build(&[("stones".into(), "5".into())]).unwrap();
//! let start = nim.start();
//! assert_eq!(start.code(), "5:1");
//! assert_eq!(start.legal_moves(), ["1", "2", "3"]);
//! // perft(2): 3 first moves, then 3 + 3 + 2 replies (two stones left after taking three).
//! assert_eq!(start.perft(1), 3);
//! assert_eq!(start.perft(2), 8);
//! // Play through the view, and read the result.
//! let mut position = start.clone();
//! for take in ["3", "2"] {
//!     position.play(take).unwrap();
//! }
//! assert_eq!(position.describe_status(), "second player wins (took the last stone)");
//! // Every registered game passes the conformance checks: codes, hashes, records.
//! for seed in 0..20 {
//!     nim.self_check(seed).unwrap();
//! }
//! ```

pub mod conformance;
pub mod erased;
pub mod game;
pub mod hint;
pub mod notation;
pub mod outcome;
pub mod perft;
pub mod perft_suite;
pub mod player;
pub mod playout;
pub mod reason;
pub mod record;
pub mod registry;
pub mod settings;
pub mod zobrist;

pub use erased::{DynGame, DynPosition};
pub use game::{Game, GameInfo, MoveError};
pub use notation::ParseError;
pub use outcome::{Outcome, Scores, Status};
pub use player::{Player, PlayerSet, MAX_PLAYERS};
pub use reason::{Param, Reason};
pub use record::Record;
pub use registry::{Registry, UnknownGame};
pub use settings::{GameSettings, Origin, SettingSpec, SettingValues, SettingsError, ValueError};

//! What Karl's Race gives the computer players.

use std::sync::{Arc, Mutex, OnceLock};

use tafel_core::{Game, Reason};
use tafel_games::karls_race::{KarlsRace, START_SETS};

use super::{GameAi, MissingTable, NoPerfectPlay};
use crate::agent::Agent;
use crate::eval::karls_race::RaceEvaluator;
use crate::levels::{expectimax, mcts, perfect, Algorithm, EVAL, PLAYOUT};
use crate::scale::Oracle;
use crate::signature::SignatureSpec;
use crate::solve::karls_race::{self, PerfectAgent, Table, TableOracle, MAX_STONES};
use crate::solve::NoProgress;

/// Level 5, which level 6 falls back to.
const LEVEL_5: Algorithm = expectimax(64, 1_000_000, EVAL);

/// Why only the two-player game has perfect play.
const ONLY_TWO_PLAYERS: Reason = Reason::new(
    "karls-race-four-unsolved",
    "only the two-player game of Karl's Race is solved",
);

/// The most stones a side of the endgame that is solved in the process, without the table file:
/// about a tenth of a second and a few megabytes.
pub const ENDGAME_STONES: usize = 3;

/// The table of this process, mapped on first use by a perfect player.
static TABLE: Mutex<Option<Arc<Table>>> = Mutex::new(None);

impl GameAi for KarlsRace {
    type Heuristic = RaceEvaluator;

    /// Expectimax over the die with the race evaluation (MCTS with a tenth of the nodes as
    /// iterations in the four-player game). Level 6 plays perfectly from the solved table
    /// once it has been built (`tafel solve karls-race`), like level 5 before.
    const LEVELS: &'static [Algorithm] = &[
        mcts(10, PLAYOUT),
        mcts(100, PLAYOUT),
        expectimax(1, 1_000, EVAL),
        expectimax(3, 100_000, EVAL),
        LEVEL_5,
        perfect(&LEVEL_5),
    ];

    /// The analysis search (hints, reviews, the scale's curve, which was fitted at this budget:
    /// `docs/analysis.md`).
    const ANALYSIS: Algorithm = expectimax(64, 1_000_000, EVAL);

    /// Fitted by `tafel analyze karls-race --fit` (the command and figures are in the file).
    const CALIBRATION: &'static str = include_str!("../../calibration/karls-race.json");

    const SIGNATURE: &'static [SignatureSpec] = &[
        SignatureSpec {
            settings: &[],
            positions: &["w3:ABCGHJ:MNPQTU", "w1:EGHJ:KMQU", "w5:EJ:KMOR", "w6:M:JOR"],
            depth: 4,
        },
        SignatureSpec {
            settings: &[("players", "4")],
            positions: &[
                "se6:AGHJ:CDEF:ORSU:MNQT",
                "nw1:GHJ:CEF:LOU:MNP",
                "se1:BG:FK:LU:MN",
                "nw1:BH:IK:LO:Q",
            ],
            depth: 0,
        },
    ];

    /// Two players, and the table at [`karls_race::default_path`] (its header and size
    /// checked, nothing mapped).
    fn perfect_play(&self) -> Result<(), NoPerfectPlay> {
        if self.num_players() != 2 {
            return Err(NoPerfectPlay::UnsolvedSettings(ONLY_TWO_PLAYERS));
        }
        if shared_table().is_some() {
            return Ok(());
        }
        Table::check(&karls_race::default_path())
            .map(|_| ())
            .map_err(NoPerfectPlay::Table)
    }

    /// From the table at [`karls_race::default_path`], mapped once per process.
    fn perfect_agent(&self) -> Result<Box<dyn Agent<Self>>, NoPerfectPlay> {
        Ok(Box::new(PerfectAgent::new(table(self)?)))
    }

    /// Exact from the table once it is built, and before that in the endgame of up to
    /// [`ENDGAME_STONES`] stones a side (two players).
    fn oracle(&self) -> Option<Box<dyn Oracle<Self>>> {
        let table = match table(self) {
            Ok(table) => table,
            Err(_) if self.num_players() == 2 => endgame_table(),
            Err(_) => return None,
        };
        Some(Box::new(TableOracle::new(table)))
    }

    /// The whole table (every position with up to six stones a side, which serves every start
    /// set) when the two-player game's table at [`karls_race::default_path`] is missing or
    /// unusable.
    fn missing_table(&self) -> Option<MissingTable> {
        if self.num_players() != 2 || self.perfect_play().is_ok() {
            return None;
        }
        let path = karls_race::default_path();
        let origin = START_SETS[self.settings().start];
        let out = path.clone();
        Some(MissingTable::new(
            "the Karl's Race table",
            path,
            move |progress| karls_race::solve(MAX_STONES, origin, progress)?.write(&out),
        ))
    }
}

/// The solved table for the two-player `game`, mapped once per process.
pub(crate) fn table(game: &KarlsRace) -> Result<Arc<Table>, NoPerfectPlay> {
    if game.num_players() != 2 {
        return Err(NoPerfectPlay::UnsolvedSettings(ONLY_TWO_PLAYERS));
    }
    let mut shared = TABLE
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner());
    match shared.as_ref() {
        Some(table) => Ok(table.clone()),
        None => {
            let table =
                Arc::new(Table::open(&karls_race::default_path()).map_err(NoPerfectPlay::Table)?);
            *shared = Some(table.clone());
            Ok(table)
        }
    }
}

/// Every position with up to [`ENDGAME_STONES`] stones a side, solved once per process by the
/// retrograde solver (the same values as the whole table's).
pub(crate) fn endgame_table() -> Arc<Table> {
    static ENDGAME: OnceLock<Arc<Table>> = OnceLock::new();
    ENDGAME
        .get_or_init(|| {
            let table = karls_race::solve(ENDGAME_STONES, "endgame", &NoProgress)
                .expect("the endgame table fits in memory");
            Arc::new(table)
        })
        .clone()
}

/// The table mapped by an earlier perfect player, if any.
fn shared_table() -> Option<Arc<Table>> {
    TABLE
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
        .clone()
}

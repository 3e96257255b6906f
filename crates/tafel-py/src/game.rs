//! A game of any kind with its settings, behind [`AnyGame`]: built by name from the registry
//! and turned into its concrete type, so that everything below works in integers on the
//! concrete positions.

use std::sync::Arc;

use tafel_core::DynGame;

use crate::encoding::Encoded;
use crate::state::{AnyState, TypedState};
use crate::vector::{AnyVector, TypedVector};
use crate::Error;

/// The most states one [`AnyVector`] holds.
pub const MAX_VECTOR_STATES: usize = 1 << 20;

/// A game with its settings: its facts in integers and its positions.
pub trait AnyGame: Send + Sync {
    /// The same game as the command line and the server know it.
    fn dyn_game(&self) -> &Arc<dyn DynGame>;
    /// How many player action numbers there are.
    fn num_actions(&self) -> usize;
    /// How many chance outcome numbers there are (0 without chance).
    fn num_chance_outcomes(&self) -> usize;
    /// The observation tensor's shape.
    fn observation_shape(&self) -> Vec<usize>;
    /// The start position.
    fn new_initial_state(&self) -> Box<dyn AnyState>;
    /// The position with `code`, or why the code is refused.
    fn state_from_code(&self, code: &str) -> Result<Box<dyn AnyState>, Error>;
    /// `n` start positions played together, chance resolved by a generator seeded by `seed`.
    fn new_vector(&self, n: usize, seed: u64) -> Result<Box<dyn AnyVector>, Error>;
}

/// The game `G` behind [`AnyGame`].
struct TypedGame<G: Encoded> {
    rules: Arc<G>,
    erased: Arc<dyn DynGame>,
}

impl<G: Encoded> AnyGame for TypedGame<G> {
    fn dyn_game(&self) -> &Arc<dyn DynGame> {
        &self.erased
    }
    fn num_actions(&self) -> usize {
        self.rules.num_actions()
    }
    fn num_chance_outcomes(&self) -> usize {
        self.rules.num_chance_outcomes()
    }
    fn observation_shape(&self) -> Vec<usize> {
        self.rules.observation_shape()
    }
    fn new_initial_state(&self) -> Box<dyn AnyState> {
        Box::new(TypedState::new(self.rules.clone(), self.rules.start()))
    }
    fn state_from_code(&self, code: &str) -> Result<Box<dyn AnyState>, Error> {
        let state = self
            .rules
            .parse_position(code.trim())
            .map_err(|e| Error::Value(e.to_string()))?;
        Ok(Box::new(TypedState::new(self.rules.clone(), state)))
    }
    fn new_vector(&self, n: usize, seed: u64) -> Result<Box<dyn AnyVector>, Error> {
        if n == 0 || n > MAX_VECTOR_STATES {
            return Err(Error::Value(format!(
                "a vector holds 1 to {MAX_VECTOR_STATES} states, not {n}"
            )));
        }
        Ok(Box::new(TypedVector::new(self.rules.clone(), n, seed)))
    }
}

/// The names of every game, in the order listings show them.
pub fn game_names() -> Vec<&'static str> {
    tafel_games::registry()
        .entries()
        .iter()
        .map(|entry| entry.info.name)
        .collect()
}

/// Game `name` with `settings` (name and value pairs), refused with the command line's
/// messages.
pub fn load_game(name: &str, settings: &[(String, String)]) -> Result<Arc<dyn AnyGame>, Error> {
    let registry = tafel_games::registry();
    let entry = registry
        .get(name)
        .map_err(|e| Error::Value(e.to_string()))?;
    let erased = entry
        .build(settings)
        .map_err(|e| Error::Value(e.to_string()))?;
    typed(erased)
}

/// The concrete game inside `erased`, behind [`AnyGame`].
fn typed(erased: Arc<dyn DynGame>) -> Result<Arc<dyn AnyGame>, Error> {
    macro_rules! find {
        ($($game:ty),* $(,)?) => {
            $(
                if let Some(rules) = erased.downcast::<$game>() {
                    let rules = rules.clone();
                    return Ok(Arc::new(TypedGame::<$game> { rules, erased }));
                }
            )*
        };
    }
    tafel_games::for_each_game!(find);
    Err(Error::Value(format!(
        "{} has no Python bindings",
        erased.info().name
    )))
}

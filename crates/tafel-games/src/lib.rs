//! The six Tafel games, one module per game, each implementing [`tafel_core::Game`], and
//! the one list of them: [`for_each_game!`], from which [`registry`] (by name, for the
//! command line and the server) and every crate that needs each game's type (the computer
//! players of `tafel-ai`) are built.

pub mod black_path;
pub mod carreaux;
pub mod chance;
mod cpu;
pub mod einstein;
pub mod grid;
pub mod history;
pub mod karls_race;
pub mod kauri;
pub mod quarx;

use tafel_core::Registry;

/// The one list of Tafel's games: calls the macro `$callback` with every game's type, in the
/// order listings show them, as `$callback! { path::ToGame1, path::ToGame2, ... }`.
///
/// Everything that must know every game by type is built from this list, so a game added
/// here is everywhere at once, and a crate that needs something of each game (`tafel-ai`'s
/// `GameAi`, say) fails to compile until the new game provides it:
///
/// ```
/// macro_rules! names {
///     ($($game:ty),* $(,)?) => {
///         [$(<$game as tafel_core::Game>::INFO.name),*]
///     };
/// }
/// let names = tafel_games::for_each_game!(names);
/// assert_eq!(names[0], "black-path");
/// assert_eq!(names.len(), tafel_games::registry().entries().len());
/// ```
#[macro_export]
macro_rules! for_each_game {
    ($callback:ident) => {
        $callback! {
            $crate::black_path::BlackPath,
            $crate::karls_race::KarlsRace,
            $crate::carreaux::Carreaux,
            $crate::kauri::Kauri,
            $crate::quarx::Quarx,
            $crate::einstein::Einstein,
        }
    };
}

/// Every game Tafel knows ([`for_each_game!`]), by name, in the order listings show them.
///
/// ```
/// let registry = tafel_games::registry();
/// let kauri = registry.get("kauri").unwrap();
/// let game = kauri.build(&[("tiebreak".into(), "old".into())]).unwrap();
/// let mut position = game.start();
/// assert_eq!(position.legal_moves(), ["a", "b", "c", "d", "e", "f"]);
/// position.play("f").unwrap();
/// assert_eq!(position.code(), "A/5+1,5+1,5+1,5+1,5+1,0+0/6+1,6+1,6+1,6+1,6+1,5+2/0,0");
/// // The second player has 6 sowings; after each, the first player has his 5 holes with a cowrie,
/// // and a sixth (f) after E and F, whose last cowrie lands there: 4 x 5 + 2 x 6.
/// assert_eq!(position.perft(2), 32);
/// ```
pub fn registry() -> Registry {
    macro_rules! register {
        ($($game:ty),* $(,)?) => {
            Registry::new()$(.with::<$game>())*
        };
    }
    for_each_game!(register)
}

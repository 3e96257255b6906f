//! The five Tafel games, one module per game, each implementing [`tafel_core::Game`], and
//! the [`registry`] that lists them by name.

pub mod black_path;
pub mod carreaux;
pub mod grid;
pub mod history;
pub mod karls_race;
pub mod kauri;
pub mod quarx;

use tafel_core::Registry;

/// Every game Tafel knows, in the order listings show them.
pub fn registry() -> Registry {
    Registry::new()
        .with::<black_path::BlackPath>()
        .with::<karls_race::KarlsRace>()
        .with::<carreaux::Carreaux>()
        .with::<kauri::Kauri>()
        .with::<quarx::Quarx>()
}

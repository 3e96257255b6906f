//! The five Tafel games, one module per game, each implementing [`tafel_core::Game`], and
//! the [`registry`] that lists them by name.

pub mod black_path;
pub mod grid;
pub mod history;
pub mod kauri;

use tafel_core::Registry;

/// Every game Tafel knows, in the order listings show them.
pub fn registry() -> Registry {
    Registry::new()
        .with::<black_path::BlackPath>()
        .with::<kauri::Kauri>()
}

//! arena

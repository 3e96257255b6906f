//! Exact solvers: games small enough to be solved outright, and players that play perfectly
//! from the solutions.

pub mod karls_race;

//! Benchmarks for this game: written with the game itself.
fn main() {}

//! What Tafel's tests and benchmarks share, in one crate that is never published:
//!
//! - [`games`]: small games whose values can be computed by hand or by brute force, for the
//!   generic code (perft, records, the erased view, the searchers): [`games::DiceRace`], a
//!   two-player race with an unfair die, and [`games::TeamNim`], four seats in two teams;
//! - [`brute`]: brute-force solvers (expectiminimax over the whole tree, forced wins by plain
//!   minimax) to check the searchers against;
//! - [`positions`]: positions reached by seeded random play, the same on every run;
//! - [`msrv`]: the check that no locked dependency needs a newer Rust than the workspace's
//!   `rust-version` (the `check-msrv` binary, run by `scripts/test`);
//! - `bench` (with the `criterion` feature): the criterion pieces every game's benchmarks
//!   share (playouts, perft, the hot functions of the `Game` trait per position);
//! - `client`, `viewer` and `postgres` (with the `server` feature): a client of a running
//!   server over HTTP (`client::Client`) and WebSocket (`viewer::Viewer`), and test databases
//!   on PostgreSQL, shared by the server's tests, the multi-instance tests and the soak
//!   driver; `faults`: writes made to fail in a real database; `wait`: waiting for a
//!   condition with a deadline, the one poll the server's tests share; `proxy`: nginx
//!   configured as `docs/deploy.md` documents it, in front of servers on loopback.

pub mod brute;
pub mod games;
pub mod msrv;
pub mod positions;

#[cfg(feature = "criterion")]
pub mod bench;
#[cfg(feature = "server")]
pub mod client;
#[cfg(feature = "server")]
pub mod faults;
#[cfg(feature = "server")]
pub mod postgres;
#[cfg(feature = "server")]
pub mod proxy;
#[cfg(feature = "server")]
pub mod viewer;
#[cfg(feature = "server")]
pub mod wait;

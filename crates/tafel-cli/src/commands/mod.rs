//! One module per subcommand: its arguments and what it does.

pub mod account;
pub mod analyze;
pub mod bench;
pub mod bot;
pub mod db;
pub mod engine;
pub mod games;
pub mod hint;
pub mod match_;
pub mod perft;
pub mod play;
pub mod puzzles;
pub mod replay;
pub mod serve;
pub mod serve_tls;
pub mod show;
pub mod solve;
pub mod standings;
pub mod swiss;
pub mod tournament;
pub mod trace;
pub mod train;

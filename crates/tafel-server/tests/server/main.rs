//! The server's integration tests, one binary for all of them: linking a test binary against
//! the server takes longer than compiling most test files, so they are modules of one crate
//! (docs/testing.md). Each module is one file's tests; run one with its name as the filter,
//! `cargo test -p tafel-server --test server tournaments::`. The e-mail tests are a binary of
//! their own (`tests/mail.rs`): they capture the whole process's log.

mod in_process;
mod person;
mod process;
mod support;

mod accounts;
mod analysis;
mod api;
mod backup;
mod bots;
mod chat;
mod connections;
mod error_codes;
mod fuzz_api;
mod games_in_play;
mod instances;
mod layers;
mod learn;
mod metrics;
mod moderation;
mod online;
mod openapi_names;
mod openapi_schemas;
mod openapi_statuses;
mod owners;
mod people;
mod protection;
mod proxies;
mod puzzles;
mod puzzles_mined;
mod ratings;
mod rematch;
mod seeks;
mod tls;
mod tournaments;
mod web;

//! Accounts' rules, pure: what a username may be ([`username`]), what a password must be
//! ([`password`]), how a password is kept and checked ([`password_hash`]: Argon2id) and what
//! an e-mail address may be ([`email`]), what a session's list shows of it ([`session`]), and
//! the codes of two-step sign-in ([`second_factor`]).
//! Storing accounts and sessions, signing in and out, and the limits on attempts belong to the
//! layers above; `docs/accounts.md` says what is kept about a person and for how long.

pub mod email;
pub mod password;
pub mod password_hash;
pub mod second_factor;
pub mod session;
pub mod username;

pub use email::EmailAddress;
pub use password::Password;
pub use password_hash::PasswordHash;
pub use session::SessionPlace;
pub use username::Username;

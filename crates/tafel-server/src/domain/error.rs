//! The one error type of the game's rules and of online play: what kind of refusal or failure
//! it is, and a message for people. The HTTP layer maps each kind to its status code; nothing
//! here knows about HTTP.

use std::fmt;

/// What kind of error an [`Error`] is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ErrorKind {
    /// The request is malformed or names something invalid (a setting, a seat, a name).
    Invalid,
    /// The caller must sign in first, or the name and password did not match an account.
    Unauthorized,
    /// The caller may not do this (a token that holds no seat, a private game).
    Forbidden,
    /// There is no such game, invitation or seat.
    NotFound,
    /// The request conflicts with the game's state (not your turn, a stale ply, the game is
    /// over, another instance changed it first).
    Conflict,
    /// A well-formed move that the rules refuse.
    Illegal,
    /// A limit of the server is reached for now (the search queue is full); try again shortly.
    Busy,
    /// The client's address has as many of these under way as it may (analyses, games without
    /// a person); try again when one ends.
    Quota,
    /// The server failed (storage, a search that panicked); nothing was changed.
    Internal,
}

/// A refusal or failure, with what went wrong in words for people.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    /// What kind of error it is.
    pub kind: ErrorKind,
    /// What went wrong, for people.
    pub message: String,
}

impl Error {
    fn new(kind: ErrorKind, message: impl ToString) -> Error {
        Error {
            kind,
            message: message.to_string(),
        }
    }

    /// [`ErrorKind::Invalid`].
    pub fn invalid(message: impl ToString) -> Error {
        Error::new(ErrorKind::Invalid, message)
    }

    /// [`ErrorKind::Unauthorized`].
    pub fn unauthorized(message: impl ToString) -> Error {
        Error::new(ErrorKind::Unauthorized, message)
    }

    /// [`ErrorKind::Forbidden`].
    pub fn forbidden(message: impl ToString) -> Error {
        Error::new(ErrorKind::Forbidden, message)
    }

    /// [`ErrorKind::NotFound`].
    pub fn not_found(message: impl ToString) -> Error {
        Error::new(ErrorKind::NotFound, message)
    }

    /// [`ErrorKind::Conflict`].
    pub fn conflict(message: impl ToString) -> Error {
        Error::new(ErrorKind::Conflict, message)
    }

    /// [`ErrorKind::Illegal`].
    pub fn illegal(message: impl ToString) -> Error {
        Error::new(ErrorKind::Illegal, message)
    }

    /// [`ErrorKind::Busy`].
    pub fn busy(message: impl ToString) -> Error {
        Error::new(ErrorKind::Busy, message)
    }

    /// [`ErrorKind::Quota`].
    pub fn quota(message: impl ToString) -> Error {
        Error::new(ErrorKind::Quota, message)
    }

    /// [`ErrorKind::Internal`], with `message` as it is.
    pub fn failed(message: impl ToString) -> Error {
        Error::new(ErrorKind::Internal, message)
    }

    /// [`ErrorKind::Internal`]: storage failed, so the change was not made. Logged.
    pub fn storage(error: anyhow::Error) -> Error {
        tracing::error!("{error:#}");
        Error::failed(format!("storage failed: {error:#}"))
    }

    /// [`ErrorKind::Internal`]: a stored game no longer replays under the rules (it cannot
    /// happen unless the rules changed under stored data). Logged.
    pub fn replay(error: tafel_core::record::ReplayError) -> Error {
        tracing::error!("stored game does not replay: {error}");
        Error::failed(format!("the stored game does not replay: {error}"))
    }

    /// Whether this is a [`ErrorKind::Conflict`].
    pub fn is_conflict(&self) -> bool {
        self.kind == ErrorKind::Conflict
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Error {}

//! The one error type of the game's rules and of online play: what kind of refusal or failure
//! it is, and a [`Message`] for people by key (its stable code), rendered in the reader's
//! language. The HTTP layer maps each kind to its status code; nothing here knows about HTTP.

use std::fmt;

use crate::domain::message::Message;
use crate::msg;

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
    /// The server was not set up for this (it sends no mail).
    Unsupported,
    /// The server failed (storage, a search that panicked); nothing was changed.
    Internal,
}

/// A refusal or failure, with what went wrong as a message by key.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    /// What kind of error it is.
    pub kind: ErrorKind,
    /// What went wrong: its key is the error's code, its words are in each language.
    pub message: Message,
}

impl Error {
    fn new(kind: ErrorKind, message: Message) -> Error {
        Error { kind, message }
    }

    /// The error's code: its message's key, stable for clients.
    pub fn code(&self) -> &'static str {
        self.message.key
    }

    /// [`ErrorKind::Invalid`].
    pub fn invalid(message: impl Into<Message>) -> Error {
        Error::new(ErrorKind::Invalid, message.into())
    }

    /// [`ErrorKind::Unauthorized`].
    pub fn unauthorized(message: impl Into<Message>) -> Error {
        Error::new(ErrorKind::Unauthorized, message.into())
    }

    /// [`ErrorKind::Forbidden`].
    pub fn forbidden(message: impl Into<Message>) -> Error {
        Error::new(ErrorKind::Forbidden, message.into())
    }

    /// [`ErrorKind::NotFound`].
    pub fn not_found(message: impl Into<Message>) -> Error {
        Error::new(ErrorKind::NotFound, message.into())
    }

    /// [`ErrorKind::Conflict`].
    pub fn conflict(message: impl Into<Message>) -> Error {
        Error::new(ErrorKind::Conflict, message.into())
    }

    /// [`ErrorKind::Illegal`].
    pub fn illegal(message: impl Into<Message>) -> Error {
        Error::new(ErrorKind::Illegal, message.into())
    }

    /// [`ErrorKind::Busy`].
    pub fn busy(message: impl Into<Message>) -> Error {
        Error::new(ErrorKind::Busy, message.into())
    }

    /// [`ErrorKind::Quota`].
    pub fn quota(message: impl Into<Message>) -> Error {
        Error::new(ErrorKind::Quota, message.into())
    }

    /// [`ErrorKind::Unsupported`].
    pub fn unsupported(message: impl Into<Message>) -> Error {
        Error::new(ErrorKind::Unsupported, message.into())
    }

    /// [`ErrorKind::Internal`], with `message` as it is.
    pub fn failed(message: impl Into<Message>) -> Error {
        Error::new(ErrorKind::Internal, message.into())
    }

    /// [`ErrorKind::Internal`]: storage failed, so the change was not made. Logged.
    pub fn storage(error: anyhow::Error) -> Error {
        tracing::error!("{error:#}");
        Error::failed(msg!("storage-failed", detail = format!("{error:#}")))
    }

    /// [`ErrorKind::Internal`]: a stored game no longer replays under the rules (it cannot
    /// happen unless the rules changed under stored data). Logged.
    pub fn replay(error: tafel_core::record::ReplayError) -> Error {
        tracing::error!("stored game does not replay: {error}");
        Error::failed(msg!("stored-game-does-not-replay", detail = error))
    }

    /// Whether this is a [`ErrorKind::Conflict`].
    pub fn is_conflict(&self) -> bool {
        self.kind == ErrorKind::Conflict
    }
}

impl fmt::Display for Error {
    /// The message in English (for logs and the command line).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.message.fmt(f)
    }
}

impl std::error::Error for Error {}

//! Instances on one shared database (issue #51): where each is reached, and the owner of a
//! game in play, to which the others send its requests.

/// Where the other instances reach this one, published with its leases.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Contact {
    /// The base URL of this instance's HTTP listener as the others reach it
    /// (`http://10.0.0.5:8080`).
    pub address: String,
    /// The secret a request forwarded to this instance shows (random per start): such a
    /// request is served where it arrives, never forwarded again.
    pub token: String,
}

/// The living owner of a game: the instance that wrote it last, and where to reach it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Owner {
    /// The instance's id.
    pub holder: String,
    /// Its [`Contact::address`].
    pub address: String,
    /// Its [`Contact::token`].
    pub token: String,
}

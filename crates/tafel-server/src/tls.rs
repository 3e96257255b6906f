//! What `tafel serve` is told about TLS of its own: where the certificate comes from (files, or
//! an ACME server such as Let's Encrypt), and the plain-HTTP port that only redirects.
//! [`crate::http::tls`] serves it.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

/// HTTPS on the server's own address.
#[derive(Clone, Debug)]
pub struct Tls {
    /// Where the certificate comes from.
    pub certificate: CertificateSource,
    /// A plain-HTTP address that answers every request with a redirect to HTTPS (and, for
    /// ACME, the `http-01` challenges); none by default.
    pub redirect: Option<SocketAddr>,
}

/// Where the server's certificate comes from.
#[derive(Clone, Debug)]
pub enum CertificateSource {
    /// PEM files: the certificate chain (the server's first) and its private key.
    Files {
        /// The certificate chain.
        cert: PathBuf,
        /// The private key (PKCS #8, PKCS #1 or SEC 1).
        key: PathBuf,
    },
    /// Obtained and renewed by ACME.
    Acme(Acme),
}

/// Certificates by ACME (RFC 8555), answered by `http-01` challenges on the redirecting port.
#[derive(Clone, Debug)]
pub struct Acme {
    /// The names the certificate is for.
    pub domains: Vec<String>,
    /// The ACME server's directory URL.
    pub directory: String,
    /// Contact addresses for the account (`mailto:...`).
    pub contact: Vec<String>,
    /// Where the account and the certificate are kept between runs.
    pub cache: PathBuf,
    /// A CA certificate (PEM) to trust for the ACME server instead of the system's roots
    /// (for a test server such as pebble).
    pub root: Option<PathBuf>,
    /// A certificate is renewed this long before it expires. Default 30 days, as Let's
    /// Encrypt advises for its 90-day certificates.
    pub renew_before: Duration,
    /// The least time between two certificates, so that a `renew_before` longer than the
    /// certificates' validity does not ask for one after another. Default 1 hour.
    pub least_between: Duration,
}

/// Let's Encrypt's production directory.
pub const LETS_ENCRYPT: &str = "https://acme-v02.api.letsencrypt.org/directory";

impl Acme {
    /// Certificates for `domains` from Let's Encrypt, kept in `cache`, renewed 30 days before
    /// they expire.
    pub fn new(domains: Vec<String>, cache: PathBuf) -> Acme {
        Acme {
            domains,
            directory: LETS_ENCRYPT.to_owned(),
            contact: Vec::new(),
            cache,
            root: None,
            renew_before: Duration::from_secs(30 * 24 * 3600),
            least_between: Duration::from_secs(3600),
        }
    }
}
